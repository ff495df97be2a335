import type { SessionRepo } from '../repos/team';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgSessions(_pg: Pg): SessionRepo {
  return notYet<SessionRepo>('sessions');
}

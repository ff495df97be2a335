import type { ServerSetRepo } from '../repos/server-sets';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgServerSets(_pg: Pg): ServerSetRepo {
  return notYet<ServerSetRepo>('server-sets');
}

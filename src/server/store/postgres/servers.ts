import type { ServerRepo } from '../repos/servers';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgServers(_pg: Pg): ServerRepo {
  return notYet<ServerRepo>('servers');
}

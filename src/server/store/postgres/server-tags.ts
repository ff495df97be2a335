import type { ServerTagRepo } from '../repos/server-tags';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgServerTags(_pg: Pg): ServerTagRepo {
  return notYet<ServerTagRepo>('server-tags');
}

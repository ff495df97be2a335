import type { ServerSetRepo } from '../repos/server-sets';
import type { Db } from './db';

export function sqliteServerSets(_db: Db): ServerSetRepo {
  return {};
}

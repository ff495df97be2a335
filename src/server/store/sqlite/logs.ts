import type { LogRepo } from '../repos/logs';
import type { Db } from './db';

export function sqliteLogs(_db: Db): LogRepo {
  return {};
}

import type { AlertRepo } from '../repos/alerts';
import type { Db } from './db';

export function sqliteAlerts(_db: Db): AlertRepo {
  return {};
}

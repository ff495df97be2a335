import type { AlertHistoryRepo } from '../repos/alert-histories';
import type { Db } from './db';

export function sqliteAlertHistories(_db: Db): AlertHistoryRepo {
  return {};
}

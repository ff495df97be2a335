import type { TransactionSettingsRepo } from '../repos/transactions';
import type { Db } from './db';

export function sqliteTransactions(_db: Db): TransactionSettingsRepo {
  return {};
}

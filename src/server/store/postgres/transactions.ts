import type { TransactionSettingsRepo } from '../repos/transactions';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgTransactions(_pg: Pg): TransactionSettingsRepo {
  return notYet<TransactionSettingsRepo>('transactions');
}

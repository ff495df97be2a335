import type { AccountRepo } from '../repos/accounts';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgAccounts(_pg: Pg): AccountRepo {
  return notYet<AccountRepo>('accounts');
}

import type { UserRepo } from '../repos/users';
import type { Db } from './db';

export function sqliteUsers(_db: Db): UserRepo {
  return {};
}

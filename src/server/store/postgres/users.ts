import type { UserRepo } from '../repos/users';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgUsers(_pg: Pg): UserRepo {
  return notYet<UserRepo>('users');
}

import type { Page, PagingQuery } from '../../../shared/paging';
import type { UserCreate, UserUpdate } from '../../../shared/users';

/** A stored user profile; nick_name, role_text, avatar_url and url are derived by the route. */
export interface UserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  country_code: number | null;
  phone_number: number | null;
  role: number;
  is_account_owner: boolean;
  is_account_manager: boolean;
  created: number;
}

/** A write refused because another profile of the account has the e-mail. */
export const DUPLICATE_EMAIL = 'duplicate-email' as const;

export interface UserRepo {
  /** Profiles in id order; `email` is an exact, case-insensitive match. */
  list(accountId: number, filter: { email?: string }, paging: PagingQuery): Promise<Page<UserRecord>>;
  get(accountId: number, id: number): Promise<UserRecord | null>;
  findByEmail(accountId: number, email: string): Promise<UserRecord | null>;
  /** Creates a profile (Regular unless `role` says 2, Manager). */
  create(accountId: number, input: UserCreate, now: number): Promise<UserRecord | typeof DUPLICATE_EMAIL>;
  /** Changes only the given fields; null when the id is not a profile of the account. */
  update(accountId: number, id: number, patch: UserUpdate): Promise<UserRecord | typeof DUPLICATE_EMAIL | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Of the given ids, those that are not profiles of the account. */
  missing(accountId: number, ids: number[]): Promise<number[]>;
}

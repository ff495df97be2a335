import type { Page, PagingQuery } from '../../../shared/paging';
import type { UserRecord } from './users';

/**
 * A key that may sign in as a user: the account key (the owner) or a user's own key, with whom it
 * signs in as read in the same query (so a sign-in is one round trip, and never a stale copy).
 */
export interface Credential {
  accountId: number;
  accountEmail: string;
  keyHash: string;
  user: UserRecord;
}

/** Per-user API keys and roles. Keys are stored as SHA-256 hashes only. */
export interface TeamRepo {
  /** Every key that may sign in with this e-mail (account e-mail or user e-mail, any account). */
  credentials(email: string): Promise<Credential[]>;
  /** Replaces a user's key; for the owner this is the account key. False when no such user. */
  setKey(accountId: number, userId: number, keyHash: string, now: number): Promise<boolean>;
  /** Removes a user's own key and ends their sessions; false when they had none. */
  revokeKey(accountId: number, userId: number): Promise<boolean>;
  /** Sets role 2 (Manager) or 3 (Regular) and the manager flag with it; false when no such user. */
  setRole(accountId: number, userId: number, role: number): Promise<boolean>;
}

/** A dashboard session; the cookie's token is kept only as its SHA-256 hash. */
export interface SessionRecord {
  id: number;
  accountId: number;
  userId: number;
  csrfToken: string;
  created: number;
  lastSeen: number;
}

export interface SessionRepo {
  create(accountId: number, userId: number, tokenHash: string, csrfToken: string, now: number): Promise<SessionRecord>;
  find(tokenHash: string): Promise<SessionRecord | null>;
  touch(id: number, now: number): Promise<void>;
  end(id: number): Promise<void>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  purge(idleBefore: number, createdBefore: number): Promise<number>;
}

/** One configuration change; `before`/`after` are the API's view of the item (never a key). */
export interface AuditEntry {
  id: number;
  time: number;
  user_id: number;
  user_email: string;
  method: string;
  path: string;
  resource: string;
  resource_id: number | null;
  action: string;
  before: unknown;
  after: unknown;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditFilter {
  resource?: string;
  action?: string;
  userId?: number;
  start?: number;
  end?: number;
}

export interface AuditRepo {
  record(accountId: number, entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(accountId: number, filter: AuditFilter, paging: PagingQuery): Promise<Page<AuditEntry>>;
}

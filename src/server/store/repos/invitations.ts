import type { Page, PagingQuery } from '../../../shared/paging';
import type { DUPLICATE_EMAIL, UserRecord } from './users';

/** A stored invitation; the link's secret is kept only as its SHA-256 hash. */
export interface InvitationRecord {
  id: number;
  accountId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  /** The user profile that invited. */
  invitedBy: number;
  tokenHash: string;
  created: number;
  expires: number;
  acceptedAt: number | null;
  /** The profile made when it was accepted. */
  userId: number | null;
}

export type NewInvitation = Pick<InvitationRecord, 'email' | 'firstName' | 'lastName' | 'role' | 'invitedBy' | 'tokenHash' | 'expires'>;

/** The invitee's own answer: their name and optionally a phone. */
export interface InvitationAnswer {
  first_name: string;
  last_name: string;
  country_code: number | null;
  phone_number: number | null;
}

/** Why an acceptance made nothing. */
export type AcceptRefusal = 'missing' | 'used' | 'expired' | typeof DUPLICATE_EMAIL;

export interface InvitationRepo {
  create(accountId: number, inv: NewInvitation, now: number): Promise<InvitationRecord>;
  get(accountId: number, id: number): Promise<InvitationRecord | null>;
  /** Newest first; only those still pending (not accepted, not expired at `now`) unless `all`. */
  list(accountId: number, filter: { all: boolean; now: number }, paging: PagingQuery): Promise<Page<InvitationRecord>>;
  delete(accountId: number, id: number): Promise<boolean>;
  /**
   * In one transaction: if the invitation is still pending at `now`, makes its profile (e-mail and
   * role of the invitation) with the key hash, and marks the invitation used by it. A second
   * acceptance, even concurrent, finds it used.
   */
  accept(accountId: number, id: number, answer: InvitationAnswer, keyHash: string, now: number): Promise<UserRecord | AcceptRefusal>;
}

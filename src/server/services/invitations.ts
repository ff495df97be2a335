import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INVITATION_TTL_S, type InvitationAccept, type InvitationCreate } from '../../shared/invitations';
import { ROLE_REGULAR, roleText } from '../../shared/users';
import type { InvitationRecord } from '../store/repos/invitations';
import { DUPLICATE_EMAIL, type UserRecord } from '../store/repos/users';
import type { Store } from '../store/store';

export type InvitationProblem = 'not_found' | 'email_taken' | 'token_invalid' | 'token_expired' | 'token_used';

/** A refusal of the invitation rules; the edge turns it into an HTTP answer. */
export class InvitationError extends Error {
  constructor(
    readonly problem: InvitationProblem,
    message: string,
  ) {
    super(message);
  }
}

const VERSION = 'i1';
const TOKEN = /^i1\.([1-9]\d{0,15})\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** What the path of an invitation link looks like, to keep it out of logs and lists. */
export const INVITE_LINK_PATH = /\/invite\/i1\.[A-Za-z0-9._-]+/g;

/**
 * An invitation link's token: `i1.<account>.<invitation>.<secret>`. The ids only locate the row (every
 * lookup is led by the account); the 256-bit secret is the credential, stored as its SHA-256 hash and
 * compared in constant time.
 */
function parseToken(token: string): { accountId: number; id: number; secret: string } | null {
  const m = TOKEN.exec(token);
  return m ? { accountId: Number(m[1]), id: Number(m[2]), secret: m[3]! } : null;
}

const name = (u: Pick<UserRecord, 'first_name' | 'last_name' | 'email'>) => `${u.first_name} ${u.last_name}`.trim() || u.email;

/** The invitation e-mail: who invites, the link, until when and that it works once. */
function invitationMail(inv: InvitationRecord, inviter: UserRecord, link: string) {
  return {
    // No profile yet: the notification's user is 0, as its alert is 0 (no alert caused it).
    userId: 0,
    recipient: inv.email,
    subject: `${name(inviter)} invites you to Fleetwatch`,
    text: [
      `Hello ${inv.firstName} ${inv.lastName},`,
      '',
      `${name(inviter)} (${inviter.email}) invites you to their team on the monitoring service, as a ${roleText(inv.role)} user.`,
      '',
      'Open this link to choose the name people see and to get your own API key, which signs you in:',
      link,
      '',
      `The link works once, until ${iso(inv.expires)}. If you did not expect this, ignore this e-mail.`,
      '',
    ].join('\n'),
  };
}

/**
 * Invites a teammate: stores the invitation (the secret's hash only) and queues its e-mail through
 * the outbox. Refused when the account already has a profile with that e-mail.
 */
export async function invite(store: Store, accountId: number, inviter: UserRecord, input: InvitationCreate, now: number, opts: { baseUrl: string; mailHost: string | null }) {
  if (await store.users.findByEmail(accountId, input.email)) throw new InvitationError('email_taken', `a user profile with the e-mail ${input.email} already exists`);
  const secret = randomBytes(32).toString('base64url');
  const inv = await store.invitations.create(
    accountId,
    { email: input.email, firstName: input.first_name, lastName: input.last_name, role: input.role ?? ROLE_REGULAR, invitedBy: inviter.id, tokenHash: sha256(secret), expires: now + INVITATION_TTL_S },
    now,
  );
  const link = `${opts.baseUrl.replace(/\/$/, '')}/invite/${[VERSION, accountId, inv.id, secret].join('.')}`;
  await store.outbox.enqueueUserEmail(accountId, { ...invitationMail(inv, inviter, link), host: opts.mailHost }, now);
  return inv;
}

/** The pending invitation a token names, checked: well-formed, its secret's, not used, not expired. */
async function pending(store: Store, token: string, now: number): Promise<InvitationRecord> {
  const invalid = new InvitationError('token_invalid', 'this invitation link is not valid (damaged, forged or withdrawn)');
  const t = parseToken(token);
  if (!t) throw invalid;
  const inv = await store.invitations.get(t.accountId, t.id);
  if (!inv) throw invalid;
  const given = Buffer.from(sha256(t.secret), 'hex');
  const stored = Buffer.from(inv.tokenHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw invalid;
  if (inv.acceptedAt !== null) throw new InvitationError('token_used', `this invitation was already accepted at ${iso(inv.acceptedAt)}`);
  if (inv.expires <= now) throw new InvitationError('token_expired', `this invitation expired at ${iso(inv.expires)}; ask for a new one`);
  return inv;
}

/** What the link's page shows: the invitation and who sent it. Changes nothing. */
export async function previewInvitation(store: Store, token: string, now: number) {
  const inv = await pending(store, token, now);
  const inviter = await store.users.get(inv.accountId, inv.invitedBy);
  return { inv, inviterName: inviter ? name(inviter) : 'A former member of the team' };
}

/**
 * Accepts an invitation: makes the profile with the invitee's own name and a new API key (answered
 * once, kept as its hash), and uses the link up, in one store transaction.
 */
export async function acceptInvitation(store: Store, token: string, answer: InvitationAccept, now: number) {
  const inv = await pending(store, token, now);
  const key = randomBytes(24).toString('base64url');
  const out = await store.invitations.accept(
    inv.accountId,
    inv.id,
    { first_name: answer.first_name, last_name: answer.last_name, country_code: answer.country_code ?? null, phone_number: answer.phone_number ?? null },
    sha256(key),
    now,
  );
  if (out === 'missing') throw new InvitationError('token_invalid', 'this invitation was withdrawn');
  if (out === 'used') throw new InvitationError('token_used', 'this invitation was already accepted');
  if (out === 'expired') throw new InvitationError('token_expired', 'this invitation expired; ask for a new one');
  if (out === DUPLICATE_EMAIL) throw new InvitationError('email_taken', `a user profile with the e-mail ${inv.email} already exists`);
  return { user: out, key, inv };
}

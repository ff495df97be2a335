import type { TimelineEvent } from '../../shared/incident-response';
import type { AlertHistoryRecord } from '../store/repos/alert-histories';
import type { AckOutcome, NoteRecord, TokenAckOutcome } from '../store/repos/incidents';
import type { Store } from '../store/store';
import { ackTokenSigned, readAckToken, type AckTokenClaims } from './ack-tokens';
import { assembleTimeline } from './incident-timeline';

/** Why an incident-response request cannot be done; the HTTP edge maps each to its status. */
export type IncidentProblem = 'not_found' | 'resolved' | 'token_invalid' | 'token_expired' | 'token_used' | 'recipient_gone';

/** A domain refusal (services do not speak HTTP): routes/incidents.ts maps `problem` to 404, 409, 400, 410. */
export class IncidentError extends Error {
  constructor(
    readonly problem: IncidentProblem,
    message: string,
  ) {
    super(message);
  }
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace('T', ' ').replace('.000Z', ' UTC');
const RESOLVED = 'the incident is resolved; only an open incident can be acknowledged or un-acknowledged';

function settled(out: AckOutcome): AlertHistoryRecord {
  if (out.kind === 'missing') throw new IncidentError('not_found', 'alert history not found');
  if (out.kind === 'resolved') throw new IncidentError('resolved', RESOLVED);
  return out.history;
}

/** Acknowledges an open incident (its reminders stop); acknowledging an acknowledged one keeps the first. */
export async function acknowledge(store: Store, accountId: number, historyId: number, userId: number, now: number) {
  return settled(await store.incidents.acknowledge(accountId, historyId, userId, now));
}

/** Clears an open incident's acknowledgement (its reminders resume). */
export async function unacknowledge(store: Store, accountId: number, historyId: number, userId: number, now: number) {
  return settled(await store.incidents.unacknowledge(accountId, historyId, userId, now));
}

export async function addNote(store: Store, accountId: number, historyId: number, userId: number, text: string, now: number): Promise<NoteRecord> {
  const note = await store.incidents.addNote(accountId, historyId, userId, text, now);
  if (!note) throw new IncidentError('not_found', 'alert history not found');
  return note;
}

export async function timeline(store: Store, accountId: number, historyId: number): Promise<TimelineEvent[]> {
  const sources = await store.incidents.timelineSources(accountId, historyId);
  if (!sources) throw new IncidentError('not_found', 'alert history not found');
  return assembleTimeline(sources);
}

/**
 * The claims of a link that is genuine and not expired. Forged and malformed links answer the same
 * (nothing about an account is told to whoever holds a made-up link); an expired one says so.
 */
async function verified(store: Store, token: string, now: number): Promise<AckTokenClaims> {
  const invalid = new IncidentError('token_invalid', 'this acknowledge link is not valid (damaged or forged)');
  const claims = readAckToken(token);
  if (!claims) throw invalid;
  const account = await store.accounts.get(claims.accountId);
  if (!account) throw invalid;
  if (!ackTokenSigned(token, await store.incidents.ackSecret(claims.accountId))) throw invalid;
  if (claims.expires <= now) throw new IncidentError('token_expired', `this acknowledge link expired at ${iso(claims.expires)}`);
  return claims;
}

const usedError = (at: number) => new IncidentError('token_used', `this acknowledge link was already used at ${iso(at)}`);

/** What an e-mailed link names, for its confirm page. Reads only: a GET (a mail scanner's prefetch) changes nothing. */
export async function ackTokenInfo(store: Store, token: string, now: number) {
  const c = await verified(store, token, now);
  const usedAt = await store.incidents.tokenUsedAt(c.accountId, c.nonce);
  if (usedAt !== null) throw usedError(usedAt);
  const h = await store.alertHistories.get(c.accountId, c.historyId);
  if (!h) throw new IncidentError('not_found', 'the incident of this link no longer exists');
  return { claims: c, history: h };
}

/**
 * Acknowledges through an e-mailed link, once, as the recipient it was minted for. The link is the
 * credential: no sign-in. A resolved incident answers so and leaves the link unused.
 */
export async function acknowledgeByToken(store: Store, token: string, now: number) {
  const c = await verified(store, token, now);
  const user = await store.users.get(c.accountId, c.userId);
  if (!user) throw new IncidentError('recipient_gone', 'the user this link was sent to no longer exists');
  const out: TokenAckOutcome = await store.incidents.acknowledgeByToken(c.accountId, c.nonce, c.historyId, c.userId, now);
  if (out.kind === 'used') throw usedError(out.usedAt);
  return { claims: c, user, history: settled(out) };
}

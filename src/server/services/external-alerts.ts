import { randomBytes } from 'node:crypto';
import { externalAlertPaths, type ExternalAlert, type IngestToken } from '../../shared/external-alerts';
import type { AlertUserRef } from '../store/repos/alert-engine';
import type { ExternalAlertRecord, IngestTokenRecord } from '../store/repos/external-alerts';
import type { NotificationSettings } from '../store/repos/notification-settings';
import type { Store } from '../store/store';
import { hashKey, keyMatches } from './keys';

/**
 * Who is told of the account's external alerts: the users its settings name that still exist, else
 * (never set, or every one of them deleted since) the account owner by e-mail, as alerts left without
 * users do.
 */
export async function externalAlertUsers(store: Store, accountId: number, s: NotificationSettings): Promise<AlertUserRef[]> {
  const named = s.externalAlertUsers ?? [];
  if (named.length) {
    const present = new Set((await store.alertEngine.recipients(accountId, named.map((u) => u.id))).map((p) => p.id));
    const kept = named.filter((u) => present.has(u.id));
    if (kept.length) return kept;
  }
  const owner = await store.alertEngine.ownerId(accountId);
  return owner === null ? [] : [{ id: owner, sendemail: true, sendsms: false, pushnotification: false }];
}

/** An external alert as the API answers it. */
export const toExternalAlertItem = (r: ExternalAlertRecord): ExternalAlert => ({
  id: r.id,
  fingerprint: r.fingerprint,
  alertname: r.alertname,
  labels: r.labels,
  annotations: r.annotations,
  generator_url: r.generatorUrl,
  state: r.historyId === null ? 'resolved' : 'firing',
  starts_at: r.startsAt,
  ends_at: r.endsAt,
  first_seen: r.firstSeen,
  last_seen: r.lastSeen,
  incident_id: r.historyId,
  last_incident_id: r.lastHistoryId,
  url: externalAlertPaths.item(r.id),
});

const TOKEN_PREFIX = 'fwi_';
// The lookup part is public (it finds the row); the rest of the token's 192 random bits are the secret.
const LOOKUP_CHARS = 12;

/** An ingest token as listed: its first characters only. */
export const toIngestTokenItem = (r: IngestTokenRecord): IngestToken => ({
  id: r.id,
  name: r.name,
  token_hint: `${TOKEN_PREFIX}${r.lookup.slice(0, 6)}…`,
  created: r.created,
  created_by: r.createdBy,
  last_used: r.lastUsed,
  url: externalAlertPaths.ingestToken(r.id),
});

/** Makes a token for the account: answers it (shown once) and its record; only its hash is stored. */
export async function createIngestToken(store: Store, accountId: number, name: string, createdBy: number, now: number): Promise<{ token: string; record: IngestTokenRecord }> {
  const secret = randomBytes(24).toString('base64url');
  const token = TOKEN_PREFIX + secret;
  const record = await store.ingestTokens.create(accountId, { name, lookup: secret.slice(0, LOOKUP_CHARS), hash: hashKey(token), createdBy }, now);
  return { token, record };
}

/**
 * The account a presented ingest token belongs to, or null (unknown, revoked or wrong). The row is
 * found by the token's public first characters; the whole token is then compared with the stored hash
 * in constant time, so a guess learns nothing from timing.
 */
export async function ingestTokenAccount(store: Store, token: string, now: number): Promise<number | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length < TOKEN_PREFIX.length + LOOKUP_CHARS || token.length > 100) return null;
  const rows = await store.ingestTokens.byLookup(token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + LOOKUP_CHARS));
  // Every candidate is compared (no early exit), as sign-in compares keys.
  let row: (typeof rows)[number] | undefined;
  for (const r of rows) if (keyMatches(token, r.hash) && !row) row = r;
  if (!row) return null;
  await store.ingestTokens.touch(row.accountId, row.id, now);
  return row.accountId;
}

import type { EngineAlert } from '../repos/alert-engine';
import type { Db } from './db';

/** Servers whose alerts are kept at most (a larger fleet starts the cache over; each entry is a few alerts). */
const MAX_SERVERS = 50_000;

const freeze = (a: EngineAlert): EngineAlert => {
  for (const u of a.users) Object.freeze(u);
  for (const s of a.subscribers) Object.freeze(s);
  Object.freeze(a.users);
  Object.freeze(a.subscribers);
  Object.freeze(a.channels);
  return Object.freeze(a);
};

/**
 * The alerts of a server as `read` answers them, kept per account and server while the account's
 * engine version (schema-engine-versions.ts: triggers bump it on any change of what `read` reads, in
 * whichever process) is the one they were read at. The version is read first, so a change committed
 * between the two reads only costs a read again. Nothing is kept from inside a transaction: a rolled
 * back change would leave answers under a version that a later commit reaches again. The alerts are
 * frozen, since every caller shares them.
 */
export function engineAlertCache(db: Db, read: (accountId: number, serverId: number) => EngineAlert[]) {
  const version = db.prepare<[number], number>('SELECT v FROM engine_versions WHERE account_id = ?').pluck();
  const kept = new Map<string, { v: number; alerts: EngineAlert[] }>();
  return (accountId: number, serverId: number): EngineAlert[] => {
    if (db.inTransaction) return read(accountId, serverId);
    const v = version.get(accountId) ?? 0;
    const key = `${accountId}:${serverId}`;
    const hit = kept.get(key);
    if (hit?.v === v) return hit.alerts.slice();
    const alerts = read(accountId, serverId).map(freeze);
    if (kept.size >= MAX_SERVERS) kept.clear();
    kept.set(key, { v, alerts });
    return alerts.slice();
  };
}

import type { EngineAlert } from '../repos/alert-engine';
import type { Db } from './db';
import { versionedCache } from './versioned-cache';

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
 * engine version stands (schema-engine-versions.ts: triggers bump it on any change of what `read`
 * reads, in whichever process; see versioned-cache.ts). The alerts are frozen, since every caller
 * shares them.
 */
export function engineAlertCache(db: Db, read: (accountId: number, serverId: number) => EngineAlert[]) {
  const cache = versionedCache<EngineAlert[]>(db, 'SELECT v FROM engine_versions WHERE account_id = ?', MAX_SERVERS);
  return (accountId: number, serverId: number): EngineAlert[] => {
    const v = cache.version(accountId);
    if (v === undefined) return read(accountId, serverId);
    const key = `${accountId}:${serverId}`;
    const hit = cache.get(key, v);
    if (hit) return hit.slice();
    const alerts = read(accountId, serverId).map(freeze);
    cache.set(key, v, alerts);
    return alerts.slice();
  };
}

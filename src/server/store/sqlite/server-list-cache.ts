import type { Db } from './db';
import { versionedCache } from './versioned-cache';

/** Servers kept in all pages together at most (past it the cache starts over; a bigger page is never kept). */
const MAX_SERVERS = 50_000;

/** A kept page: its rows as read (each row's first value is its id) and its total. */
export interface ServerPage<T extends unknown[]> {
  tuples: readonly T[];
  total: number;
}

/**
 * Pages of an account's server list (every open fleet view polls it) kept while its server list
 * version stands (schema-list-versions.ts: triggers bump it on any change of a server but its
 * last_seen, in whichever process). last_seen moves with every batch, so it is read again at each use
 * (`lastSeen`: the page's ids and last_seen in the page's order, one indexed read); should its ids
 * differ from the kept page's (a change committed between the two reads), the page is read again.
 * See versioned-cache.ts for the version's rules. Kept rows are frozen, with the JSON columns they
 * embed, since every caller shares them.
 */
export function serverListCache(db: Db) {
  // (A kept page is answered with `seen`, the servers' last_seen now, in the page's order.)
  const cache = versionedCache<ServerPage<unknown[]>>(db, 'SELECT v FROM server_list_versions WHERE account_id = ?', MAX_SERVERS, (p) => p.tuples.length);

  return <T extends [number, ...unknown[]]>(
    accountId: number,
    key: string,
    lastSeen: () => { ids: number[]; seen: (number | null)[] },
    read: () => ServerPage<T>,
  ): ServerPage<T> & { seen?: (number | null)[] } => {
    const v = cache.version(accountId);
    if (v === undefined) return read();
    const k = `${accountId}|${key}`;
    const hit = cache.get(k, v) as ServerPage<T> | undefined;
    if (hit) {
      const { ids, seen } = lastSeen();
      const rows = hit.tuples;
      if (ids.length === rows.length && ids.every((id, i) => id === rows[i]![0])) return { total: hit.total, tuples: rows, seen };
    }
    const page = read();
    for (const t of page.tuples) {
      for (const x of t) if (typeof x === 'object' && x !== null) Object.freeze(x);
      Object.freeze(t);
    }
    cache.set(k, v, page);
    return page;
  };
}

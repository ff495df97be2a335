import type { Db } from './db';

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
 * The version is read first, and nothing is kept from inside a transaction (see engine-alert-cache.ts).
 * Kept rows are frozen, with the JSON columns they embed, since every caller shares them.
 */
export function serverListCache(db: Db) {
  // (A kept page is answered with `seen`, the servers' last_seen now, in the page's order.)
  const version = db.prepare<[number], number>('SELECT v FROM server_list_versions WHERE account_id = ?').pluck();
  const kept = new Map<string, { v: number; page: ServerPage<unknown[]> }>();
  let servers = 0;

  return <T extends [number, ...unknown[]]>(
    accountId: number,
    key: string,
    lastSeen: () => { ids: number[]; seen: (number | null)[] },
    read: () => ServerPage<T>,
  ): ServerPage<T> & { seen?: (number | null)[] } => {
    if (db.inTransaction) return read();
    const v = version.get(accountId) ?? 0;
    const k = `${accountId}|${key}`;
    const hit = kept.get(k) as { v: number; page: ServerPage<T> } | undefined;
    if (hit?.v === v) {
      const { ids, seen } = lastSeen();
      const rows = hit.page.tuples;
      if (ids.length === rows.length && ids.every((id, i) => id === rows[i]![0])) return { total: hit.page.total, tuples: rows, seen };
    }
    const page = read();
    for (const t of page.tuples) {
      for (const x of t) if (typeof x === 'object' && x !== null) Object.freeze(x);
      Object.freeze(t);
    }
    const size = page.tuples.length;
    if (size > MAX_SERVERS) return page;
    if (hit) servers -= hit.page.tuples.length;
    if (servers + size > MAX_SERVERS) {
      kept.clear();
      servers = 0;
    }
    kept.set(k, { v, page });
    servers += size;
    return page;
  };
}

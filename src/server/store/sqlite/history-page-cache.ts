import type { Page } from '../../../shared/paging';
import type { AlertHistorySummary } from '../repos/alert-histories';
import type { Db } from './db';
import { versionedCache } from './versioned-cache';

/** Histories kept in all pages together at most (past it the cache starts over; a bigger page is never kept). */
const MAX_ITEMS = 20_000;

type HistoryPage = Page<AlertHistorySummary>;

interface Kept {
  /** The `end` values this page stays the same for: lo <= end < hi (no history starts between). */
  endLo: number;
  endHi: number;
  /** The same for `start` (absent: no lower bound was asked): startLo < start <= startHi. */
  startLo: number;
  startHi: number;
  page: HistoryPage;
}

const freeze = (page: HistoryPage): HistoryPage => {
  for (const h of page.items) {
    for (const s of h.servers) Object.freeze(s);
    Object.freeze(h.servers);
    if (h.labels) Object.freeze(h.labels);
    Object.freeze(h);
  }
  Object.freeze(page.items);
  return Object.freeze(page);
};

/**
 * Pages of an account's history list (the dashboard's most frequent read, polled by every open fleet
 * and incident view) kept while the account's history version stands (schema-list-versions.ts:
 * triggers bump it on any change, in whichever process; see versioned-cache.ts). A page was read for a
 * window `start <= t <= end`; it answers another window too when no history starts between the two
 * ends (the bounds are read with the page), so a list asked "until now" is kept while now moves on.
 * Pages are frozen, since every caller shares them.
 */
export function historyPageCache(db: Db) {
  const cache = versionedCache<Kept>(db, 'SELECT v FROM history_versions WHERE account_id = ?', MAX_ITEMS, (e) => e.page.items.length);
  const below = db.prepare<[number, number], number | null>('SELECT max(start) FROM alert_histories WHERE account_id = ? AND start <= ?').pluck();
  const above = db.prepare<[number, number], number | null>('SELECT min(start) FROM alert_histories WHERE account_id = ? AND start > ?').pluck();
  const beforeStart = db.prepare<[number, number], number | null>('SELECT max(start) FROM alert_histories WHERE account_id = ? AND start < ?').pluck();
  const fromStart = db.prepare<[number, number], number | null>('SELECT min(start) FROM alert_histories WHERE account_id = ? AND start >= ?').pluck();

  /** The page of `key` (the query's filters but its window, and its paging) for the window start..end. */
  return (accountId: number, key: string, start: number | undefined, end: number, read: () => HistoryPage): HistoryPage => {
    const v = cache.version(accountId);
    if (v === undefined) return read();
    const k = `${accountId}|${start === undefined ? 'all' : 'from'}|${key}`;
    const hit = cache.get(k, v);
    if (hit && hit.endLo <= end && end < hit.endHi && (start === undefined || (hit.startLo < start && start <= hit.startHi))) return hit.page;
    const entry: Kept = {
      endLo: below.get(accountId, end) ?? -Infinity,
      endHi: above.get(accountId, end) ?? Infinity,
      startLo: start === undefined ? -Infinity : (beforeStart.get(accountId, start) ?? -Infinity),
      startHi: start === undefined ? Infinity : (fromStart.get(accountId, start) ?? Infinity),
      page: freeze(read()),
    };
    cache.set(k, v, entry);
    return entry.page;
  };
}

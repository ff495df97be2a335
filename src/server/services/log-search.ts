import { LOG_SEARCH_DEFAULT_WINDOW, LOG_SEARCH_MAX_WINDOW, type LogSearchItem, type LogSearchQuery } from '../../shared/log-search';
import type { Page } from '../../shared/paging';
import type { LogSearchPlan, LogSearchRow } from '../store/repos/log-data';
import type { Store } from '../store/store';

/** A search the service refuses (services do not speak HTTP): routes/log-search.ts answers 400 naming `field`. */
export class LogSearchError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The window of a search, in epoch seconds (both inclusive): `end` defaults to now, `start` to an
 * hour before `end`; longer than LOG_SEARCH_MAX_WINDOW is refused, so no search reads unbounded history.
 */
export function searchWindow(q: Pick<LogSearchQuery, 'start' | 'end'>, now: number): { from: number; to: number } {
  const to = q.end ?? now;
  const from = q.start ?? Math.max(0, to - LOG_SEARCH_DEFAULT_WINDOW);
  if (from > to) throw new LogSearchError('start', 'start must not be after end');
  if (to - from > LOG_SEARCH_MAX_WINDOW) throw new LogSearchError('start', `the window from start to end must be at most 7 days (${LOG_SEARCH_MAX_WINDOW} seconds)`);
  return { from, to };
}

const intersect = (a: readonly number[] | undefined, b: Iterable<number>): number[] => {
  const keep = new Set(b);
  return a === undefined ? [...keep] : a.filter((id) => keep.has(id));
};

/**
 * The servers whose logs a search reads, or undefined for all: `servers`, `tags` and `sets` each
 * narrow (a server must pass every one given; within one list, any id). An id that is not the
 * account's is refused by name, the same for a missing id and another account's.
 */
async function searchedServers(store: Store, accountId: number, q: LogSearchQuery): Promise<number[] | undefined> {
  let ids: number[] | undefined;
  if (q.servers) {
    const missing = await store.servers.missing(accountId, q.servers);
    if (missing.length) throw new LogSearchError('servers', `no server ${missing.join(', ')} in this account`);
    ids = [...new Set(q.servers)];
  }
  if (q.tags) {
    const tags = await Promise.all(q.tags.map((id) => store.serverTags.get(accountId, id)));
    const missing = q.tags.filter((_, i) => !tags[i]);
    if (missing.length) throw new LogSearchError('tags', `no server tag ${missing.join(', ')} in this account`);
    ids = intersect(ids, tags.flatMap((t) => t!.servers));
  }
  if (q.sets) {
    const sets = await Promise.all(q.sets.map((id) => store.serverSets.get(accountId, id)));
    const missing = q.sets.filter((_, i) => !sets[i]);
    if (missing.length) throw new LogSearchError('sets', `no server set ${missing.join(', ')} in this account`);
    ids = intersect(ids, sets.flatMap((s) => s!.servers));
  }
  return ids;
}

const toItem = (r: LogSearchRow): LogSearchItem => ({
  time: Math.floor(r.time),
  severity: r.severity,
  message: r.data,
  log_id: r.logId,
  source_type: r.sourceType as LogSearchItem['source_type'],
  source: r.source,
  server_id: r.serverId,
  hostname: r.hostname,
  nickname: r.nickname,
});

/** GET /logs/search/: the account's log messages matching the query, newest first, one page. */
export async function searchLogs(store: Store, accountId: number, q: LogSearchQuery, now: number): Promise<Page<LogSearchItem>> {
  const w = searchWindow(q, now);
  const serverIds = await searchedServers(store, accountId, q);
  if (serverIds?.length === 0) return { total: 0, items: [] };
  const plan: LogSearchPlan = { ...w, text: q.filter || undefined, severity: q.severity, serverIds, sourceTypes: q.source_type };
  const page = await store.logData.search(accountId, plan, { offset: q.page * q.limit, limit: q.limit });
  return { total: page.total, items: page.items.map(toItem) };
}

import type { LogDetailQuery, LogMessageRecord, TransactionDetailQuery } from '../../shared/log-data';
import type { Page } from '../../shared/paging';
import { resolveWindow, type SeriesWindow } from '../../shared/timeseries';
import type { LogRef, TransactionMessageRow } from '../store/repos/log-data';
import type { Store } from '../store/store';
import { notFound } from './errors';
import { compileFilter } from './log-filter';

const TRANSACTION_TYPES = new Set(['AFURL', 'AFSQL']);
/** Whether the log is an AFURL or AFSQL log. */
export const isTransactionLog = (log: LogRef) => TRANSACTION_TYPES.has(log.sourceType);

/** The account's log (only a transaction log when `transactionsOnly`), or a 404 identical to a missing id. */
export async function logOr404(store: Store, accountId: number, id: number | null, transactionsOnly = false): Promise<LogRef> {
  const log = id === null ? null : await store.logData.log(accountId, id);
  if (!log || (transactionsOnly && !isTransactionLog(log))) throw notFound(transactionsOnly ? 'transaction log' : 'log');
  return log;
}

/** The window of a log's T query, or null when the log has no data there. */
export async function logWindow(store: Store, accountId: number, logId: number, q: LogDetailQuery): Promise<SeriesWindow | null> {
  const latest = q.end === undefined ? await store.logData.latestMinute(accountId, logId) : null;
  return resolveWindow(q, latest);
}

const range = (q: LogDetailQuery) => ({ offset: q.page * q.limit, limit: q.limit });

/** Applies the optional filter to a list read in full, then pages it; without a filter the store pages. */
async function filtered<T>(
  q: LogDetailQuery,
  text: (row: T) => string,
  read: (paged: boolean) => Promise<Page<T>>,
): Promise<Page<T>> {
  if (!q.filter) return read(true);
  const match = compileFilter(q.filter);
  const all = await read(false);
  const keep = match(all.items.map(text));
  const rows = all.items.filter((_, i) => keep[i]);
  const start = q.page * q.limit;
  return { total: rows.length, items: rows.slice(start, start + q.limit) };
}

/** GET /logs/{id}/detail/: messages newest first, filtered by severity and the whole-message filter. */
export async function logDetail(store: Store, accountId: number, log: LogRef, q: LogDetailQuery): Promise<Page<LogMessageRecord>> {
  const w = await logWindow(store, accountId, log.id, q);
  if (!w) return { total: 0, items: [] };
  return filtered(q, (m) => m.data, (paged) =>
    store.logData.messages(accountId, log.id, w, { severity: q.severity, range: paged ? range(q) : undefined }),
  );
}

/** The `data` of a transaction message: JSON text of the spec's list, in its order. */
export function transactionData(m: TransactionMessageRow): string {
  return JSON.stringify([
    m.event, m.version, m.application, m.time, m.pid, m.ppid, m.socket,
    `${m.ownIp}:${m.ownPort}`, `${m.peerIp}:${m.peerPort}`, m.statement,
  ]);
}

/**
 * GET /transactions/logs/{id}/detail/: records {time, data, severity, name, duration}; filter applies
 * to data. `order=duration` reads the whole range (as a filter does) and pages it slowest first.
 */
export async function transactionLogDetail(
  store: Store,
  accountId: number,
  log: LogRef,
  q: TransactionDetailQuery,
): Promise<Page<LogMessageRecord>> {
  const w = await logWindow(store, accountId, log.id, q);
  // Transaction messages are all of severity info.
  if (!w || (q.severity !== undefined && q.severity !== 'info')) return { total: 0, items: [] };
  const bySlowest = q.order === 'duration';
  const read = (paged: boolean) => store.logData.transactionMessages(accountId, log.id, w, paged && !bySlowest ? range(q) : undefined);
  let page = await filtered(bySlowest ? { ...q, page: 0, limit: Number.MAX_SAFE_INTEGER } : q, transactionData, read);
  if (bySlowest) {
    const sorted = [...page.items].sort((a, b) => b.duration - a.duration || b.time - a.time || b.id - a.id);
    page = { total: page.total, items: sorted.slice(q.page * q.limit, (q.page + 1) * q.limit) };
  }
  return {
    total: page.total,
    items: page.items.map((m) => ({ time: Math.floor(m.time), data: transactionData(m), severity: 'info' as const, name: log.source, duration: m.duration })),
  };
}

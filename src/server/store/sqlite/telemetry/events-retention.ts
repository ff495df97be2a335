import type { RetentionCategory } from '../../../../shared/retention';
import type { Db } from '../db';
import { statementCache } from './statement-cache';

const statements = statementCache((db: Db) => ({
  logs: db.prepare<[], { id: number; account_id: number }>('SELECT id, account_id FROM logs'),
  polled: db.prepare<[], { id: number; account_id: number }>('SELECT id, account_id FROM polled_data'),
  accounts: db.prepare<[], { id: number }>('SELECT id FROM accounts'),
  logCounts: db.prepare('DELETE FROM log_counts WHERE log_id = ? AND minute < ?'),
  logMessages: db.prepare('DELETE FROM log_messages WHERE log_id = ? AND minute < ?'),
  transactions: db.prepare('DELETE FROM transaction_messages WHERE log_id = ? AND minute < ?'),
  polledValues: db.prepare('DELETE FROM polled_values WHERE polled_id = ? AND minute < ?'),
  connections: db.prepare('DELETE FROM socket_connections WHERE account_id = ? AND minute < ?'),
}));

/** The cut of a category for an account (rows before it go); null keeps everything. */
export type CutOf = (accountId: number, c: RetentionCategory) => number | null;

/**
 * Deletes log messages and counts (logs retention), transaction messages (traces), polled results and
 * socket connections (minute) older than their account's cut. Each parent's rows go in its own short
 * transaction along the tables' keys, so ingest never waits long behind it.
 */
export function enforceEventsRetention(db: Db, cut: CutOf): number {
  const s = statements(db);
  let removed = 0;
  for (const { id, account_id: a } of s.logs.all()) {
    const logs = cut(a, 'logs');
    const traces = cut(a, 'traces');
    removed += db.transaction(
      () =>
        (logs === null ? 0 : s.logCounts.run(id, logs).changes + s.logMessages.run(id, logs).changes) +
        (traces === null ? 0 : s.transactions.run(id, traces).changes),
    )();
  }
  for (const { id, account_id: a } of s.polled.all()) {
    const before = cut(a, 'minute');
    if (before !== null) removed += s.polledValues.run(id, before).changes;
  }
  for (const { id } of s.accounts.all()) {
    const before = cut(id, 'minute');
    if (before !== null) removed += s.connections.run(id, before).changes;
  }
  return removed;
}

import type { Db } from '../db';
import { statementCache } from './statement-cache';

const statements = statementCache((db: Db) => ({
  logs: db.prepare<[], { id: number }>('SELECT id FROM logs'),
  polled: db.prepare<[], { id: number }>('SELECT id FROM polled_data'),
  accounts: db.prepare<[], { id: number }>('SELECT id FROM accounts'),
  logCounts: db.prepare('DELETE FROM log_counts WHERE log_id = ? AND minute < ?'),
  logMessages: db.prepare('DELETE FROM log_messages WHERE log_id = ? AND minute < ?'),
  transactions: db.prepare('DELETE FROM transaction_messages WHERE log_id = ? AND minute < ?'),
  polledValues: db.prepare('DELETE FROM polled_values WHERE polled_id = ? AND minute < ?'),
  connections: db.prepare('DELETE FROM socket_connections WHERE account_id = ? AND minute < ?'),
}));

/**
 * Deletes log messages and counts, transaction messages, polled results and socket connections older
 * than `keepSeconds` (minute-data retention; null keeps everything). Each parent's rows go in its
 * own short transaction along the tables' keys, so ingest never waits long behind it.
 */
export function enforceEventsRetention(db: Db, now: number, keepSeconds: number | null): number {
  if (keepSeconds === null) return 0;
  const before = now - keepSeconds;
  const s = statements(db);
  let removed = 0;
  for (const { id } of s.logs.all()) {
    removed += db.transaction(() => s.logCounts.run(id, before).changes + s.logMessages.run(id, before).changes + s.transactions.run(id, before).changes)();
  }
  for (const { id } of s.polled.all()) removed += s.polledValues.run(id, before).changes;
  for (const { id } of s.accounts.all()) removed += s.connections.run(id, before).changes;
  return removed;
}

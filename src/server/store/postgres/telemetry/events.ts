import type { Batch } from '../../../../shared/ingest';
import type { PartitionedTable } from '../partitions';
import { writeEvents } from './event-sink';
import type { BatchSink } from './sink';

/** The events tables of 0006_events.sql, all partitioned by day on `minute`. */
export const EVENT_TABLES: readonly PartitionedTable[] = ['log_counts', 'log_messages', 'polled_values', 'socket_connections', 'transaction_messages'].map(
  (table) => ({ table, column: 'minute' }),
);

/** Times of the rows a batch may write to the events tables (within a few minutes of its minute). */
function eventTimes(batch: Batch): number[] {
  const times = new Set<number>([batch.minute]);
  for (const l of batch.logs) for (const m of l.messages) times.add(m.time);
  for (const p of batch.polled) times.add(p.time);
  for (const t of batch.transactions) times.add(t.time);
  return [...times];
}

/**
 * Log and transaction messages with their minute counts, polled data results and socket
 * connections (SQLite: logSink, polledSink, connectionSink and transactionSink).
 */
export const eventsSink: BatchSink = {
  tables: EVENT_TABLES,
  times: (batch) => (batch.logs.length || batch.polled.length || batch.transactions.length || batch.connections.length ? eventTimes(batch) : []),
  store: ({ tx, accountId, serverId, minute }, batch) => writeEvents(tx, { accountId, serverId, minute }, batch),
};

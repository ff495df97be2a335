import type { Batch } from '../../../../shared/ingest';
import type { Pg } from '../db';
import { dropBefore, ensurePartitions, type PartitionedTable } from '../partitions';

/** The events tables of 0006_events.sql, all partitioned by day on `minute`. */
export const EVENT_TABLES: readonly PartitionedTable[] = ['log_counts', 'log_messages', 'polled_values', 'socket_connections', 'transaction_messages'].map(
  (table) => ({ table, column: 'minute' }),
);

/**
 * Creates the day partitions the batch's events fall in (message times lie within a few minutes of
 * the batch minute, so one or two days). Run on the pool before the ingest transaction.
 */
export async function ensureEventPartitions(pg: Pg, batch: Batch): Promise<void> {
  const times = [batch.minute, ...batch.logs.flatMap((l) => l.messages.map((m) => m.time)), ...batch.polled.map((p) => p.time), ...batch.transactions.map((t) => t.time)];
  for (const spec of EVENT_TABLES) await ensurePartitions(pg, spec, times);
}

/**
 * Minute-data retention of the events tables: whole days before `now - keepSeconds` are dropped
 * (null keeps everything). Answers the rows removed.
 */
export async function enforceEventsRetention(pg: Pg, now: number, keepSeconds: number | null): Promise<number> {
  if (keepSeconds === null) return 0;
  let removed = 0;
  for (const spec of EVENT_TABLES) removed += await dropBefore(pg, spec, now - keepSeconds);
  return removed;
}

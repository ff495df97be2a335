import type { RetentionPolicy } from '../../repos/telemetry';
import type { Db } from '../db';
import { pruneBucketMinutes } from '../buckets';
import { pruneLabelledSeries } from '../labelled-series';
import { enforceEventsRetention } from './events-retention';
import { stmt } from './statements';

/** Rows deleted per statement, so the ingest path never waits long behind retention. */
const CHUNK = 5000;

/** Runs `sql` (a DELETE ... IN (SELECT ... left open) until fewer than CHUNK rows go. */
function deleteInChunks(db: Db, sql: string, args: unknown[]): number {
  let total = 0;
  for (;;) {
    const n = stmt(db, `${sql} LIMIT ${CHUNK})`).run(...args).changes;
    total += n;
    if (n < CHUNK) return total;
  }
}

/**
 * Deletes minute data, hour and day rollups and batch ids past their retention. Deletes go server by
 * server along the primary key (account_id, server_id, ...), in chunks of their own transactions.
 */
export function enforceRetention(db: Db, now: number, keep: RetentionPolicy): number {
  let removed = deleteInChunks(db, 'DELETE FROM tm_batches WHERE (account_id, batch_id) IN (SELECT account_id, batch_id FROM tm_batches WHERE received < ?', [now - keep.batchIds]);
  const servers = stmt<unknown[], { account_id: number; server_id: number }>(
    db,
    'SELECT DISTINCT account_id, server_id FROM tm_server_latest',
  ).all();
  for (const { account_id: a, server_id: s } of servers) {
    if (keep.minute !== null) {
      for (const t of ['tm_server_minutes', 'tm_process_minutes', 'tm_process_details']) {
        removed += deleteInChunks(
          db,
          `DELETE FROM ${t} WHERE (account_id, server_id, time) IN (SELECT account_id, server_id, time FROM ${t} WHERE account_id = ? AND server_id = ? AND time < ?`,
          [a, s, now - keep.minute],
        );
      }
    }
    for (const [step, age] of [
      [3600, keep.hour],
      [86400, keep.day],
    ] as const) {
      if (age === null) continue;
      for (const t of ['tm_server_rollups', 'tm_process_rollups']) {
        removed += deleteInChunks(
          db,
          `DELETE FROM ${t} WHERE (account_id, server_id, step, time) IN (SELECT account_id, server_id, step, time FROM ${t} WHERE account_id = ? AND server_id = ? AND step = ? AND time < ?`,
          [a, s, step, now - age],
        );
      }
    }
  }
  removed += enforceEventsRetention(db, now, keep.minute);
  if (keep.minute !== null) removed += pruneBucketMinutes(db, now - keep.minute) + pruneLabelledSeries(db, now - keep.minute);
  return removed;
}

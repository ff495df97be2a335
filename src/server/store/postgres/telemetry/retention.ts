import type { RetentionPolicy } from '../../repos/telemetry';
import { BUCKET_TABLES } from '../buckets';
import { pruneLabelledSeries, SERIES_TABLES } from '../labelled-series';
import type { Pg } from '../db';
import { createAhead, dropBefore, type PartitionedTable } from '../partitions';
import { EVENT_TABLES } from './events';
import { SAMPLE_TABLES } from './sample-sink';

/**
 * Time-partitioned tables kept for the minute retention: their day partitions are made ahead and
 * dropped whole by this job (add other areas' minute tables here with a one-line edit).
 */
export const MINUTE_TABLES: readonly PartitionedTable[] = [...SAMPLE_TABLES, ...BUCKET_TABLES, ...EVENT_TABLES, ...SERIES_TABLES];

/** Days of partitions made ahead of today, so the first batch of a day never waits on DDL. */
const AHEAD_DAYS = 3;

/**
 * The retention entry point, run hourly by the singleton retention job (one replica at a time, under
 * its lease): makes the coming days' partitions, drops the day partitions of minute tables wholly past
 * the minute retention (no DELETE scan; rows of the day the cutoff falls in stay until that day goes),
 * and deletes rollups and batch ids past theirs. Answers the rows removed.
 */
export async function enforceRetention(pg: Pg, now: number, keep: RetentionPolicy): Promise<number> {
  await createAhead(pg, MINUTE_TABLES, now, AHEAD_DAYS);
  let removed = await pg.exec('DELETE FROM tm_batches WHERE received < $1', [now - keep.batchIds]);
  if (keep.minute !== null) {
    for (const spec of MINUTE_TABLES) removed += await dropBefore(pg, spec, now - keep.minute);
    removed += await pruneLabelledSeries(pg, now - keep.minute);
  }
  for (const [step, age] of [
    ['hour', keep.hour],
    ['day', keep.day],
  ] as const) {
    if (age === null) continue;
    for (const t of [`tm_server_rollups_${step}`, `tm_process_rollups_${step}`]) {
      // Along the primary key, server by server (every server with data has a latest point).
      removed += await pg.exec(
        `DELETE FROM ${t} r USING tm_server_latest l WHERE r.account_id = l.account_id AND r.server_id = l.server_id AND r.time < $1`,
        [now - age],
      );
    }
  }
  return removed;
}

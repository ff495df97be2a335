import type { RetentionCategory } from '../../../../shared/retention';
import { cutOf, keepOf, longestKeep, shorterThan } from '../../common/retention';
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

/** The retention category of each partitioned table (issue 21); tables not named here follow `minute`. */
const CATEGORY_OF: Record<string, RetentionCategory> = {
  tm_process_details: 'process_details',
  log_counts: 'logs',
  log_messages: 'logs',
  transaction_messages: 'traces',
};
const categoryOf = (spec: PartitionedTable): RetentionCategory => CATEGORY_OF[spec.table] ?? 'minute';

/** Days of partitions made ahead of today, so the first batch of a day never waits on DDL. */
const AHEAD_DAYS = 3;

type Accounts = ReadonlyMap<number, RetentionPolicy> | undefined;

/**
 * A partitioned table's retention: whole day partitions go past the longest retention any account
 * keeps its category (the default for accounts without their own), as before issue 21; an account
 * that keeps less loses its older rows by DELETE (exact to the minute, unlike the drops).
 */
async function partitionedRetention(pg: Pg, spec: PartitionedTable, now: number, keep: RetentionPolicy, accounts: Accounts): Promise<number> {
  const c = categoryOf(spec);
  const longest = longestKeep(keep, accounts, c);
  let removed = longest === null ? 0 : await dropBefore(pg, spec, now - longest);
  for (const [a, k] of shorterThan(accounts, c, longest)) {
    removed += await pg.exec(`DELETE FROM ${spec.table} WHERE account_id = $1 AND ${spec.column} < $2`, [a, now - k]);
  }
  removed += await defaultAccountsDelete(pg, spec.table, spec.column, now, keep, accounts, c, longest);
  return removed;
}

/**
 * When some account keeps `c` longer than the default, partitions stay that long: the accounts on the
 * default (those without a policy of their own) lose their older rows by DELETE instead.
 */
async function defaultAccountsDelete(pg: Pg, table: string, column: string, now: number, keep: RetentionPolicy, accounts: Accounts, c: RetentionCategory, longest: number | null): Promise<number> {
  const def = keepOf(keep, c);
  if (def === null || (longest !== null && def >= longest)) return 0;
  return pg.exec(`DELETE FROM ${table} WHERE NOT (account_id = ANY($1::bigint[])) AND ${column} < $2`, [[...(accounts?.keys() ?? [])], now - def]);
}

/**
 * The retention entry point, run hourly by the singleton retention job (one replica at a time, under
 * its lease): makes the coming days' partitions, drops the day partitions of minute tables wholly past
 * their retention (no DELETE scan; rows of the day the cutoff falls in stay until that day goes), and
 * deletes per-account shorter retention, rollups, closed alert histories and batch ids past theirs.
 * Answers the rows removed.
 */
export async function enforceRetention(pg: Pg, now: number, keep: RetentionPolicy, accounts?: ReadonlyMap<number, RetentionPolicy>): Promise<number> {
  await createAhead(pg, MINUTE_TABLES, now, AHEAD_DAYS);
  let removed = await pg.exec('DELETE FROM tm_batches WHERE received < $1', [now - keep.batchIds]);
  for (const spec of MINUTE_TABLES) removed += await partitionedRetention(pg, spec, now, keep, accounts);
  const longestMinute = longestKeep(keep, accounts, 'minute');
  if (longestMinute !== null) removed += await pruneLabelledSeries(pg, now - longestMinute);
  for (const [a, k] of shorterThan(accounts, 'minute', longestMinute)) {
    removed += await pg.exec('DELETE FROM labelled_series WHERE account_id = $1 AND last_updated < $2', [a, now - k]);
  }
  removed += await defaultAccountsDelete(pg, 'labelled_series', 'last_updated', now, keep, accounts, 'minute', longestMinute);
  const withData = await pg.rows<{ a: string }>('SELECT DISTINCT account_id AS a FROM tm_server_latest');
  for (const { a: raw } of withData) {
    const a = Number(raw);
    for (const step of ['hour', 'day'] as const) {
      const before = cutOf(now, keep, accounts, a, step);
      if (before === null) continue;
      for (const t of [`tm_server_rollups_${step}`, `tm_process_rollups_${step}`]) {
        // Along the primary key, server by server (every server with data has a latest point).
        removed += await pg.exec(
          `DELETE FROM ${t} r USING tm_server_latest l WHERE l.account_id = $2 AND r.account_id = l.account_id AND r.server_id = l.server_id AND r.time < $1`,
          [before, a],
        );
      }
    }
  }
  for (const { id } of await pg.rows<{ id: string }>('SELECT id FROM accounts')) {
    const before = cutOf(now, keep, accounts, Number(id), 'alert_histories');
    // Open incidents stay whatever their age; a closed one goes with its events, notes and walks (ON DELETE CASCADE).
    if (before === null) continue;
    removed += await pg.exec('DELETE FROM alert_histories WHERE account_id = $1 AND "end" IS NOT NULL AND "end" < $2', [Number(id), before]);
    // Who was put on call for an incident is kept as long as the incident: ended overrides go with the histories.
    removed += await pg.exec('DELETE FROM schedule_overrides WHERE account_id = $1 AND "end" < $2', [Number(id), before]);
  }
  return removed;
}

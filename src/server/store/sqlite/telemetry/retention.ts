import type { RetentionCategory } from '../../../../shared/retention';
import { cutOf } from '../../common/retention';
import type { RetentionPolicy } from '../../repos/telemetry';
import type { Db } from '../db';
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

/** The minute tables of each category deleted server by server along their key (account_id, server_id, time). */
const SERVER_TABLES: [string, RetentionCategory][] = [
  ['tm_server_minutes', 'minute'],
  ['tm_process_minutes', 'minute'],
  ['tm_process_details', 'process_details'],
];

/**
 * series_samples has no index on time either (a row per block of series and minute): the blocks are
 * found one seek each along the key, and each block's rows before the cut go as one range. A removed
 * series' samples share rows with others and go with their minutes (its id is never given again).
 */
function deleteSeriesSamples(db: Db, accountId: number, before: number): number {
  const next = stmt<[number, number], { block: number }>(db, 'SELECT block FROM series_samples WHERE account_id = ? AND block > ? ORDER BY block LIMIT 1');
  const drop = stmt(db, 'DELETE FROM series_samples WHERE account_id = ? AND block = ? AND minute < ?');
  let removed = 0;
  for (let b = next.get(accountId, -1); b; b = next.get(accountId, b.block)) removed += drop.run(accountId, b.block, before).changes;
  return removed;
}

/**
 * Deletes minute data, hour and day rollups, events, closed alert histories and batch ids past their
 * retention: the account's own policy in `accounts` (issue 21), else `keep`. Deletes go server by
 * server along the primary key (account_id, server_id, ...), in chunks of their own transactions.
 */
export function enforceRetention(db: Db, now: number, keep: RetentionPolicy, accounts?: ReadonlyMap<number, RetentionPolicy>): number {
  const cut = (a: number, c: RetentionCategory) => cutOf(now, keep, accounts, a, c);
  let removed = deleteInChunks(db, 'DELETE FROM tm_batches WHERE (account_id, batch_id) IN (SELECT account_id, batch_id FROM tm_batches WHERE received < ?', [now - keep.batchIds]);
  const servers = stmt<unknown[], { account_id: number; server_id: number }>(db, 'SELECT DISTINCT account_id, server_id FROM tm_server_latest').all();
  for (const { account_id: a, server_id: s } of servers) {
    for (const [t, c] of SERVER_TABLES) {
      const before = cut(a, c);
      if (before === null) continue;
      removed += deleteInChunks(
        db,
        `DELETE FROM ${t} WHERE (account_id, server_id, time) IN (SELECT account_id, server_id, time FROM ${t} WHERE account_id = ? AND server_id = ? AND time < ?`,
        [a, s, before],
      );
    }
    for (const [step, c] of [
      [3600, 'hour'],
      [86400, 'day'],
    ] as const) {
      const before = cut(a, c);
      if (before === null) continue;
      for (const t of ['tm_server_rollups', 'tm_process_rollups']) {
        removed += deleteInChunks(
          db,
          `DELETE FROM ${t} WHERE (account_id, server_id, step, time) IN (SELECT account_id, server_id, step, time FROM ${t} WHERE account_id = ? AND server_id = ? AND step = ? AND time < ?`,
          [a, s, step, before],
        );
      }
    }
  }
  removed += enforceEventsRetention(db, cut);
  for (const { id: a } of stmt<[], { id: number }>(db, 'SELECT id FROM accounts').all()) {
    const minute = cut(a, 'minute');
    if (minute !== null) {
      removed += stmt(db, 'DELETE FROM bucket_minutes WHERE account_id = ? AND time < ?').run(a, minute).changes;
      // series_minutes has no index on time (schema-labelled-series.ts): its rows go series by series
      // along the key, and a series removed takes all its minutes (later ones too) with it.
      removed += stmt(db, 'DELETE FROM series_minutes WHERE account_id = ? AND series_id IN (SELECT id FROM labelled_series WHERE account_id = ?) AND time < ?').run(a, a, minute).changes;
      removed += stmt(db, 'DELETE FROM series_minutes WHERE account_id = ? AND series_id IN (SELECT id FROM labelled_series WHERE account_id = ? AND last_updated < ?)').run(a, a, minute).changes;
      // Hour chunks (keyed by hour first) go once their whole hour is past the cut; a removed series'
      // chunks go with their hours (its id is never given again, and nothing reads it meanwhile).
      removed += stmt(db, 'DELETE FROM series_chunks WHERE account_id = ? AND hour <= ?').run(a, minute - 3600).changes;
      removed += stmt(db, 'DELETE FROM labelled_series WHERE account_id = ? AND last_updated < ?').run(a, minute).changes;
      removed += deleteSeriesSamples(db, a, minute);
    }
    const histories = cut(a, 'alert_histories');
    if (histories !== null) {
      // Open incidents stay whatever their age; a closed one goes with its events, notes and walks (ON DELETE CASCADE).
      removed += deleteInChunks(db, 'DELETE FROM alert_histories WHERE id IN (SELECT id FROM alert_histories WHERE account_id = ? AND "end" IS NOT NULL AND "end" < ?', [a, histories]);
      // Who was put on call for an incident is kept as long as the incident: ended overrides go with the histories.
      removed += stmt(db, 'DELETE FROM schedule_overrides WHERE account_id = ? AND "end" < ?').run(a, histories).changes;
    }
  }
  return removed;
}

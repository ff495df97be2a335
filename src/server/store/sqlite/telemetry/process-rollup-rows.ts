import { addMinuteToRollup, decodeProcessRollup, encodeProcessRollup, mergeRollups, type ProcessRollup } from '../../common/telemetry/process-rollup';
import type { ProcessValues } from '../../common/telemetry/rollup';
import type { Db } from '../db';
import { stmt } from './statements';

/**
 * Process rollups are kept at ingest without rewriting them every minute (a server's 200 processes make
 * a rollup of tens of kB): the hour of a server's latest minute is OPEN and has no row; when a minute
 * of a later hour arrives, the open hour is CLOSED — its row is computed once from its minutes and
 * folded into its day's row. Minutes arriving late for a closed hour are folded into both rows at once.
 * So a stored hour row is complete; a day row holds its closed hours; reads add the open hour, computed
 * from at most 60 minute rows.
 */

const HOUR = 3600;
const DAY = 86400;
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
const dayOf = (t: number) => Math.floor(t / DAY) * DAY;

function readStored(db: Db, a: number, s: number, step: number, t: number): Buffer | string | undefined {
  return stmt<unknown[], { sums: Buffer | string }>(
    db,
    'SELECT sums FROM tm_process_rollups WHERE account_id = ? AND server_id = ? AND step = ? AND time = ?',
  ).get(a, s, step, t)?.sums;
}

function readRollup(db: Db, a: number, s: number, step: number, t: number): ProcessRollup | null {
  const stored = readStored(db, a, s, step, t);
  return stored === undefined ? null : decodeProcessRollup(stored);
}

/** The sum of the stored hour rows in [from, until), or null. */
function hoursBetween(db: Db, a: number, s: number, from: number, until: number): ProcessRollup | null {
  const rows = stmt<unknown[], [Buffer | string]>(db, 'SELECT sums FROM tm_process_rollups WHERE account_id = ? AND server_id = ? AND step = 3600 AND time >= ? AND time < ?')
    .raw()
    .all(a, s, from, until);
  let r: ProcessRollup | null = null;
  for (const [v] of rows) r = r ? mergeRollups(r, decodeProcessRollup(v)) : decodeProcessRollup(v);
  return r;
}

function writeRollup(db: Db, a: number, s: number, step: number, t: number, r: ProcessRollup): void {
  stmt(db, 'INSERT OR REPLACE INTO tm_process_rollups (account_id, server_id, step, time, sums) VALUES (?, ?, ?, ?, ?)').run(
    a,
    s,
    step,
    t,
    encodeProcessRollup(r),
  );
}

/** The rollup of an hour computed from its stored minutes, or null when it has none. */
export function hourFromMinutes(db: Db, a: number, s: number, hour: number): ProcessRollup | null {
  const rows = stmt<unknown[], [string]>(db, 'SELECT data FROM tm_process_minutes WHERE account_id = ? AND server_id = ? AND time >= ? AND time < ?')
    .raw()
    .all(a, s, hour, hour + HOUR);
  let r: ProcessRollup | null = null;
  for (const [json] of rows) r = addMinuteToRollup(r, JSON.parse(json) as Record<string, ProcessValues>);
  return r;
}

/**
 * Keeps the process rollups after a new minute was stored. `previous` is the server's latest minute
 * before this one (null for its first); `values` gives the minute's processes (null when it had none),
 * asked for only when the minute folds into an hour already closed.
 */
export function foldProcessMinute(db: Db, a: number, s: number, minute: number, previous: number | null, values: (() => Record<string, ProcessValues>) | null): void {
  if (previous === null) return;
  const open = hourOf(previous);
  const hour = hourOf(minute);
  if (hour === open) return;
  if (hour > open) {
    const closed = hourFromMinutes(db, a, s, open);
    if (!closed) return;
    writeRollup(db, a, s, HOUR, open, closed);
    const day = dayOf(open);
    const stored = readStored(db, a, s, DAY, day);
    // A day row of the JSON format (before telemetry v2) was updated every minute, its open hour
    // included: rebuild it from its complete hour rows rather than add that hour twice.
    const sum =
      stored === undefined ? closed : typeof stored === 'string' ? hoursBetween(db, a, s, day, day + DAY)! : mergeRollups(decodeProcessRollup(stored), closed);
    writeRollup(db, a, s, DAY, day, sum);
    return;
  }
  if (!values) return;
  const late = values();
  for (const [step, t] of [
    [HOUR, hour],
    [DAY, dayOf(minute)],
  ] as const) {
    writeRollup(db, a, s, step, t, addMinuteToRollup(readRollup(db, a, s, step, t), late));
  }
}

/**
 * Rollups of a step (3600 or 86400) in from..to, newest first, with the open hour included: as its own
 * hour, and added into its day. `latest` is the server's latest minute (null: no data).
 */
export function processRollupRows(db: Db, a: number, s: number, step: number, from: number, to: number, latest: number | null): [number, ProcessRollup][] {
  const stored = stmt<unknown[], [number, Buffer | string]>(
    db,
    'SELECT time, sums FROM tm_process_rollups WHERE account_id = ? AND server_id = ? AND step = ? AND time BETWEEN ? AND ? ORDER BY time DESC',
  )
    .raw()
    .all(a, s, step, from, to);
  const rows: [number, ProcessRollup][] = stored.map(([t, v]) => [t, decodeProcessRollup(v)]);
  if (latest === null) return rows;
  const open = hourOf(latest);
  const t = step === HOUR ? open : dayOf(open);
  if (t < from || t > to) return rows;
  const live = hourFromMinutes(db, a, s, open);
  if (!live) return rows;
  // Rows of the open hour and day written before telemetry v2 are partial: computed afresh instead.
  const older = rows.filter(([x]) => x !== t);
  if (step === HOUR) return [[t, live], ...older];
  const closed = hoursBetween(db, a, s, t, open);
  return [[t, closed ? mergeRollups(closed, live) : live], ...older];
}

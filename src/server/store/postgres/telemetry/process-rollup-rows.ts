import { addMinuteToRollup, decodeProcessRollup, encodeProcessRollup, mergeRollups, type ProcessRollup } from '../../common/telemetry/process-rollup';
import type { ProcessValues } from '../../common/telemetry/rollup';
import type { Sql } from '../db';

/**
 * Process rollups kept at ingest without rewriting them every minute, as on SQLite (see
 * sqlite/telemetry/process-rollup-rows.ts): the hour of a server's latest minute is OPEN and has no row;
 * when a minute of a later hour arrives, the open hour is CLOSED (its row computed once from its
 * minutes and folded into its day's row). Minutes arriving late for a closed hour are folded into both.
 */

const HOUR = 3600;
const DAY = 86400;
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
const dayOf = (t: number) => Math.floor(t / DAY) * DAY;
const TABLE = { [HOUR]: 'tm_process_rollups_hour', [DAY]: 'tm_process_rollups_day' } as Record<number, string>;

async function readRollup(sql: Sql, a: number, s: number, step: number, t: number): Promise<ProcessRollup | null> {
  const row = await sql.row<{ sums: Buffer }>(`SELECT sums FROM ${TABLE[step]} WHERE account_id = $1 AND server_id = $2 AND time = $3`, [a, s, t]);
  return row ? decodeProcessRollup(row.sums) : null;
}

/** The sum of the stored hour rows in [from, until), or null. */
async function hoursBetween(sql: Sql, a: number, s: number, from: number, until: number): Promise<ProcessRollup | null> {
  const rows = await sql.rows<{ sums: Buffer }>(
    'SELECT sums FROM tm_process_rollups_hour WHERE account_id = $1 AND server_id = $2 AND time >= $3 AND time < $4',
    [a, s, from, until],
  );
  let r: ProcessRollup | null = null;
  for (const { sums } of rows) r = r ? mergeRollups(r, decodeProcessRollup(sums)) : decodeProcessRollup(sums);
  return r;
}

async function writeRollup(sql: Sql, a: number, s: number, step: number, t: number, r: ProcessRollup): Promise<void> {
  await sql.exec(
    `INSERT INTO ${TABLE[step]} (account_id, server_id, time, sums) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, server_id, time) DO UPDATE SET sums = excluded.sums`,
    [a, s, t, encodeProcessRollup(r)],
  );
}

/** The rollup of an hour computed from its stored minutes, or null when it has none. */
export async function hourFromMinutes(sql: Sql, a: number, s: number, hour: number): Promise<ProcessRollup | null> {
  const rows = await sql.rows<{ data: string }>(
    'SELECT data::text AS data FROM tm_process_minutes WHERE account_id = $1 AND server_id = $2 AND time >= $3 AND time < $4 ORDER BY time',
    [a, s, hour, hour + HOUR],
  );
  let r: ProcessRollup | null = null;
  for (const { data } of rows) r = addMinuteToRollup(r, JSON.parse(data) as Record<string, ProcessValues>);
  return r;
}

/**
 * Keeps the process rollups after a new minute was stored. `previous` is the server's latest minute
 * before this one (null for its first); `values` gives the minute's processes (null when it had none).
 */
export async function foldProcessMinute(sql: Sql, a: number, s: number, minute: number, previous: number | null, values: (() => Record<string, ProcessValues>) | null): Promise<void> {
  if (previous === null) return;
  const open = hourOf(previous);
  const hour = hourOf(minute);
  if (hour === open) return;
  if (hour > open) {
    const closed = await hourFromMinutes(sql, a, s, open);
    if (!closed) return;
    await writeRollup(sql, a, s, HOUR, open, closed);
    const day = await readRollup(sql, a, s, DAY, dayOf(open));
    await writeRollup(sql, a, s, DAY, dayOf(open), day ? mergeRollups(day, closed) : closed);
    return;
  }
  if (!values) return;
  const late = values();
  for (const [step, t] of [
    [HOUR, hour],
    [DAY, dayOf(minute)],
  ] as const) {
    await writeRollup(sql, a, s, step, t, addMinuteToRollup(await readRollup(sql, a, s, step, t), late));
  }
}

/**
 * Rollups of a step (3600 or 86400) in from..to, newest first, with the open hour included: as its own
 * hour, and added into its day. `latest` is the server's latest minute (null: no data).
 */
export async function processRollupRows(sql: Sql, a: number, s: number, step: number, from: number, to: number, latest: number | null): Promise<[number, ProcessRollup][]> {
  const stored = await sql.rows<{ time: number; sums: Buffer }>(
    `SELECT time, sums FROM ${TABLE[step]} WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4 ORDER BY time DESC`,
    [a, s, from, to],
  );
  const rows: [number, ProcessRollup][] = stored.map((r) => [r.time, decodeProcessRollup(r.sums)]);
  if (latest === null) return rows;
  const open = hourOf(latest);
  const t = step === HOUR ? open : dayOf(open);
  if (t < from || t > to) return rows;
  const live = await hourFromMinutes(sql, a, s, open);
  if (!live) return rows;
  const older = rows.filter(([x]) => x !== t);
  if (step === HOUR) return [[t, live], ...older];
  const closed = await hoursBetween(sql, a, s, t, open);
  return [[t, closed ? mergeRollups(closed, live) : live], ...older];
}

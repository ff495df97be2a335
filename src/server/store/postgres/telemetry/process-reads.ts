import type { Page, PagingQuery } from '../../../../shared/paging';
import { processUid, type ProcessDataRecord, type ProcessItem } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import { rollupKeys, sumsAt } from '../../common/telemetry/process-rollup';
import { processAverages, processRecord, type ProcessValues } from '../../common/telemetry/rollup';
import { sortKeys } from '../../common/telemetry/summary-page';
import type { ProcessMinute, ProcessRecord } from '../../repos/telemetry';
import type { Sql } from '../db';
import { processRollupRows } from './process-rollup-rows';
import { identities } from './process-summary';
import { latestMinuteOf } from './server-reads';

type Row = { pid: number; create_time: number; name: string; args: string | null; first_seen: number; last_seen: number };

function processRow(sql: Sql, a: number, s: number, pid: number, ct: number): Promise<Row | undefined> {
  return sql.row<Row>(
    'SELECT pid, create_time, name, args, first_seen, last_seen FROM tm_processes WHERE account_id = $1 AND server_id = $2 AND pid = $3 AND create_time = $4',
    [a, s, pid, ct],
  );
}

export async function processOf(sql: Sql, a: number, s: number, pid: number, ct: number): Promise<ProcessRecord | null> {
  const r = await processRow(sql, a, s, pid, ct);
  if (!r) return null;
  return { serverId: s, pid, createTime: ct, name: r.name, args: r.args, firstSeen: r.first_seen, lastSeen: r.last_seen };
}

const MINUTE_KEYS = `SELECT DISTINCT k FROM tm_process_minutes m, json_object_keys(m.data) k
  WHERE m.account_id = $1 AND m.server_id = $2 AND m.time BETWEEN $3 AND $4`;

/** Keys ("pid_ct") of the processes seen between from and to: hour rollups inside, minutes at the edges. */
async function keysInRange(sql: Sql, a: number, s: number, from: number, to: number): Promise<string[]> {
  const minuteKeys = async (lo: number, hi: number) => (await sql.rows<{ k: string }>(MINUTE_KEYS, [a, s, lo, hi])).map((r) => r.k);
  const firstHour = Math.ceil(from / 3600) * 3600;
  // Hours [firstHour, endHour) lie wholly inside and are closed (stored); the open hour is read as minutes.
  const latest = await latestMinuteOf(sql, a, s);
  const openHour = latest === null ? Infinity : Math.floor(latest / 3600) * 3600;
  const endHour = Math.min(Math.floor((to + 60) / 3600) * 3600, Math.max(openHour, firstHour));
  if (endHour <= firstHour) return minuteKeys(from, to);
  const keys = new Set<string>([...(await minuteKeys(from, firstHour - 1)), ...(await minuteKeys(endHour, to))]);
  const hours = await sql.rows<{ sums: Buffer }>(
    'SELECT sums FROM tm_process_rollups_hour WHERE account_id = $1 AND server_id = $2 AND time >= $3 AND time < $4',
    [a, s, firstHour, endHour],
  );
  for (const { sums } of hours) for (const k of rollupKeys(sums)) keys.add(k);
  return [...keys];
}

/**
 * Processes of the server's latest minute, or running within the range; ordered by pid, create time.
 * A process sampled at minute m ran during [m, m + 60): the range overlaps it when start < m + 60 and
 * end >= m, so the minute holding `start` counts.
 */
export async function processList(sql: Sql, a: number, s: number, range: { start: number; end: number } | null, paging: PagingQuery): Promise<Page<ProcessItem>> {
  let keys: string[];
  if (range) keys = await keysInRange(sql, a, s, Math.floor(range.start / 60) * 60, range.end);
  else {
    const latest = await latestMinuteOf(sql, a, s);
    keys = latest === null ? [] : await keysInRange(sql, a, s, latest, latest);
  }
  keys = sortKeys(keys);
  const page = keys.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  const names = await identities(sql, a, s, page);
  const items = page.map((k): ProcessItem => {
    const [pid, ct] = k.split('_');
    const r = names(k);
    return { uid: `${s}_${k}`, pid: pid!, create_time: ct!, name: r?.name ?? '', args: r?.args ?? null, server_id: s };
  });
  return { total: keys.length, items };
}

/** One process's records over the window, newest first. */
export async function processSeries(sql: Sql, a: number, s: number, key: string, w: SeriesWindow, paging: PagingQuery): Promise<Page<ProcessDataRecord>> {
  let rows: [number, ProcessValues][];
  if (w.step === 60) {
    // The driver parses the json member: an array of values in PROCESS_FIELDS order.
    const stored = await sql.rows<{ time: number; v: ProcessValues }>(
      `SELECT time, v FROM (SELECT time, data -> $5::text AS v FROM tm_process_minutes WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4) m
       WHERE v IS NOT NULL ORDER BY time DESC`,
      [a, s, w.from, w.to, key],
    );
    rows = stored.map((r) => [r.time, r.v]);
  } else {
    rows = [];
    for (const [time, r] of await processRollupRows(sql, a, s, w.step, w.from, w.to, await latestMinuteOf(sql, a, s))) {
      const i = r.keys.indexOf(key);
      if (i >= 0) rows.push([time, processAverages(sumsAt(r, i)).map((v) => (v === null ? null : Math.round(v * 1000) / 1000))]);
    }
  }
  const page = rows.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  return { total: rows.length, items: page.map(([time, v]) => ({ time, ...processRecord(v) })) };
}

/** Process samples per minute with identities, oldest first (for the alert engine and traces). */
export async function processMinuteSamples(sql: Sql, a: number, s: number, from: number, to: number): Promise<{ time: number; processes: ProcessMinute[] }[]> {
  const rows = await sql.rows<{ time: number; data: Record<string, ProcessValues> }>(
    'SELECT time, data FROM tm_process_minutes WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4 ORDER BY time',
    [a, s, from, to],
  );
  const names = await identities(sql, a, s, rows.flatMap((r) => Object.keys(r.data)));
  return rows.map((r) => ({
    time: r.time,
    processes: Object.entries(r.data).map(([key, values]): ProcessMinute => {
      const [pid, ct] = key.split('_').map(Number);
      const id = names(key);
      return { uid: processUid(s, pid!, ct!), pid: pid!, create_time: ct!, name: id?.name ?? '', args: id?.args ?? null, sample: processRecord(values) };
    }),
  }));
}

type Details = { files?: string[]; threads?: Record<string, string>[] };

/** The files and threads of a process at a minute (default: its latest details within a day of its last point). */
export async function processDetail(sql: Sql, a: number, s: number, key: string, time: number | undefined): Promise<Details | null> {
  let row: { v: Details | null } | undefined;
  if (time !== undefined) {
    row = await sql.row<{ v: Details | null }>(
      'SELECT data -> $4::text AS v FROM tm_process_details WHERE account_id = $1 AND server_id = $2 AND time = $3',
      [a, s, Math.floor(time / 60) * 60, key],
    );
  } else {
    // last_seen is exact to within 10 minutes; a process that ended keeps its own latest details.
    const [pid, ct] = key.split('_').map(Number) as [number, number];
    const seen = (await processRow(sql, a, s, pid, ct))?.last_seen;
    if (seen === undefined) return null;
    const latest = seen + 660;
    row = await sql.row<{ v: Details | null }>(
      `SELECT v FROM (SELECT time, data -> $5::text AS v FROM tm_process_details WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4) d
       WHERE v IS NOT NULL ORDER BY time DESC LIMIT 1`,
      [a, s, latest - 86400, latest, key],
    );
  }
  return row?.v ?? null;
}

/** The details at the minute nearest `time` within ±`within` seconds that has them (the earlier on a tie). */
export async function processDetailNear(sql: Sql, a: number, s: number, key: string, time: number, within: number): Promise<(Details & { time: number }) | null> {
  const minute = Math.floor(time / 60) * 60;
  const row = await sql.row<{ time: string | number; v: Details }>(
    `SELECT time, v FROM (SELECT time, data -> $5::text AS v FROM tm_process_details WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4) d
     WHERE v IS NOT NULL ORDER BY abs(time - $6), time LIMIT 1`,
    [a, s, minute - within, minute + within, key, minute],
  );
  return row ? { time: Number(row.time), ...row.v } : null;
}

import type { Page, PagingQuery } from '../../../../shared/paging';
import { processUid, type ProcessDataRecord, type ProcessItem } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import { rollupKeys, sumsAt } from '../../common/telemetry/process-rollup';
import { processAverages, processRecord, type ProcessValues } from '../../common/telemetry/rollup';
import { sortKeys } from '../../common/telemetry/summary-page';
import type { ProcessMinute, ProcessRecord } from '../../repos/telemetry';
import type { Db } from '../db';
import { processRollupRows } from './process-rollup-rows';
import { identityCache } from './process-summary';
import { latestMinuteOf } from './server-reads';
import { stmt } from './statements';

type Row = { pid: number; create_time: number; name: string; args: string | null; first_seen: number; last_seen: number };

function processRow(db: Db, a: number, s: number, pid: number, ct: number): Row | undefined {
  return stmt<unknown[], Row>(
    db,
    'SELECT pid, create_time, name, args, first_seen, last_seen FROM tm_processes WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ?',
  ).get(a, s, pid, ct);
}

export function processOf(db: Db, a: number, s: number, pid: number, ct: number): ProcessRecord | null {
  const r = processRow(db, a, s, pid, ct);
  if (!r) return null;
  return { serverId: s, pid, createTime: ct, name: r.name, args: r.args, firstSeen: r.first_seen, lastSeen: r.last_seen };
}

/** Keys ("pid_ct") of the processes seen between from and to: hour rollups inside, minutes at the edges. */
function keysInRange(db: Db, a: number, s: number, from: number, to: number): string[] {
  const minuteKeys = stmt<unknown[], [string]>(
    db,
    `SELECT DISTINCT j.key FROM tm_process_minutes m, json_each(m.data) j
     WHERE m.account_id = ? AND m.server_id = ? AND m.time BETWEEN ? AND ?`,
  ).raw();
  const firstHour = Math.ceil(from / 3600) * 3600;
  // Hours [firstHour, endHour) lie wholly inside and are closed (stored); the open hour is read as minutes.
  const latest = latestMinuteOf(db, a, s);
  const openHour = latest === null ? Infinity : Math.floor(latest / 3600) * 3600;
  const endHour = Math.min(Math.floor((to + 60) / 3600) * 3600, Math.max(openHour, firstHour));
  const keys = new Set<string>();
  if (endHour <= firstHour) {
    for (const [k] of minuteKeys.all(a, s, from, to)) keys.add(k);
  } else {
    for (const [k] of minuteKeys.all(a, s, from, firstHour - 1)) keys.add(k);
    for (const [k] of minuteKeys.all(a, s, endHour, to)) keys.add(k);
    const hours = stmt<unknown[], [Buffer | string]>(
      db,
      'SELECT sums FROM tm_process_rollups WHERE account_id = ? AND server_id = ? AND step = 3600 AND time >= ? AND time < ?',
    ).raw();
    for (const [stored] of hours.all(a, s, firstHour, endHour)) for (const k of rollupKeys(stored)) keys.add(k);
  }
  return [...keys];
}

/**
 * Processes of the server's latest minute, or running within the range; ordered by pid, create time.
 * A process sampled at minute m ran during [m, m + 60): the range overlaps it when start < m + 60 and
 * end >= m, so the minute holding `start` counts.
 */
export function processList(db: Db, a: number, s: number, range: { start: number; end: number } | null, paging: PagingQuery): Page<ProcessItem> {
  let keys: string[];
  if (range) keys = keysInRange(db, a, s, Math.floor(range.start / 60) * 60, range.end);
  else {
    const latest = latestMinuteOf(db, a, s);
    keys = latest === null ? [] : keysInRange(db, a, s, latest, latest);
  }
  keys = sortKeys(keys);
  const page = keys.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  const names = identityCache(db, a, s);
  const items = page.map((k): ProcessItem => {
    const [pid, ct] = k.split('_');
    const r = names(k);
    return { uid: `${s}_${k}`, pid: pid!, create_time: ct!, name: r?.name ?? '', args: r?.args ?? null, server_id: s };
  });
  return { total: keys.length, items };
}

/** One process's records over the window, newest first. */
export function processSeries(db: Db, a: number, s: number, key: string, w: SeriesWindow, paging: PagingQuery): Page<ProcessDataRecord> {
  let rows: [number, ProcessValues][];
  if (w.step === 60) {
    rows = stmt<unknown[], [number, string]>(
      db,
      `SELECT time, v FROM (SELECT time, json_extract(data, ?) AS v FROM tm_process_minutes WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ?)
       WHERE v IS NOT NULL ORDER BY time DESC`,
    )
      .raw()
      .all(`$."${key}"`, a, s, w.from, w.to)
      .map(([time, v]) => [time, JSON.parse(v) as ProcessValues]);
  } else {
    rows = [];
    for (const [time, r] of processRollupRows(db, a, s, w.step, w.from, w.to, latestMinuteOf(db, a, s))) {
      const i = r.keys.indexOf(key);
      if (i >= 0) rows.push([time, processAverages(sumsAt(r, i)).map((v) => (v === null ? null : Math.round(v * 1000) / 1000))]);
    }
  }
  const page = rows.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  return { total: rows.length, items: page.map(([time, v]) => ({ time, ...processRecord(v) })) };
}

/** Process samples per minute with identities, oldest first (for the alert engine and traces). */
export function processMinuteSamples(db: Db, a: number, s: number, from: number, to: number): { time: number; processes: ProcessMinute[] }[] {
  const names = identityCache(db, a, s);
  return stmt<unknown[], { time: number; data: string }>(
    db,
    'SELECT time, data FROM tm_process_minutes WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ? ORDER BY time',
  )
    .all(a, s, from, to)
    .map((r) => {
      const blob = JSON.parse(r.data) as Record<string, ProcessValues>;
      const processes = Object.entries(blob).map(([key, values]): ProcessMinute => {
        const [pid, ct] = key.split('_').map(Number);
        const id = names(key);
        return { uid: processUid(s, pid!, ct!), pid: pid!, create_time: ct!, name: id?.name ?? '', args: id?.args ?? null, sample: processRecord(values) };
      });
      return { time: r.time, processes };
    });
}

/** The files and threads of a process at a minute (default: its latest details within a day of its last point). */
export function processDetail(db: Db, a: number, s: number, key: string, time: number | undefined): { files?: string[]; threads?: Record<string, string>[] } | null {
  const path = `$."${key}"`;
  let row: { v: string | null } | undefined;
  if (time !== undefined) {
    row = stmt<unknown[], { v: string | null }>(
      db,
      'SELECT json_extract(data, ?) AS v FROM tm_process_details WHERE account_id = ? AND server_id = ? AND time = ?',
    ).get(path, a, s, Math.floor(time / 60) * 60);
  } else {
    // last_seen is exact to within 10 minutes; a process that ended keeps its own latest details.
    const [pid, ct] = key.split('_').map(Number) as [number, number];
    const seen = processRow(db, a, s, pid, ct)?.last_seen;
    if (seen === undefined) return null;
    const latest = seen + 660;
    row = stmt<unknown[], { v: string | null }>(
      db,
      `SELECT v FROM (SELECT time, json_extract(data, ?) AS v FROM tm_process_details
         WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ?) WHERE v IS NOT NULL ORDER BY time DESC LIMIT 1`,
    ).get(path, a, s, latest - 86400, latest);
  }
  if (!row?.v) return null;
  return JSON.parse(row.v) as { files?: string[]; threads?: Record<string, string>[] };
}

/** The details at the minute nearest `time` within ±`within` seconds that has them (the earlier on a tie). */
export function processDetailNear(db: Db, a: number, s: number, key: string, time: number, within: number): { time: number; files?: string[]; threads?: Record<string, string>[] } | null {
  const minute = Math.floor(time / 60) * 60;
  const row = stmt<unknown[], { time: number; v: string }>(
    db,
    `SELECT time, v FROM (SELECT time, json_extract(data, ?) AS v FROM tm_process_details
       WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ?) WHERE v IS NOT NULL ORDER BY abs(time - ?), time LIMIT 1`,
  ).get(`$."${key}"`, a, s, minute - within, minute + within, minute);
  if (!row) return null;
  return { time: row.time, ...(JSON.parse(row.v) as { files?: string[]; threads?: Record<string, string>[] }) };
}

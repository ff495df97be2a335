import type { Page, PagingQuery } from '../../../../shared/paging';
import { SUMMARY_FIELDS, processUid, type ProcessDataRecord, type ProcessItem, type ProcessSummaryRecord } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import type { ProcessMinute, ProcessRecord } from '../../repos/telemetry';
import type { Db } from '../db';
import { latestMinuteOf, seriesSource } from './server-reads';
import { processAverages, processRecord, type ProcessSums, type ProcessValues } from './rollup';
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

/** Looks process identities up once per request. */
function nameCache(db: Db, a: number, s: number) {
  const cache = new Map<string, Row | undefined>();
  return (key: string): Row | undefined => {
    if (cache.has(key)) return cache.get(key);
    const [pid, ct] = key.split('_').map(Number);
    const r = processRow(db, a, s, pid ?? -1, ct ?? -1);
    cache.set(key, r);
    return r;
  };
}

/** Sorts "pid_ct" keys by pid, then create time (numerically), parsing each key once. */
function sortKeys(keys: string[]): string[] {
  return keys
    .map((k) => {
      const i = k.indexOf('_');
      return { k, p: Number(k.slice(0, i)), c: Number(k.slice(i + 1)) };
    })
    .sort((x, y) => x.p - y.p || x.c - y.c)
    .map((x) => x.k);
}

/** Keys ("pid_ct") of the processes seen between from and to: hour rollups inside, minutes at the edges. */
function keysInRange(db: Db, a: number, s: number, from: number, to: number): string[] {
  const minuteKeys = stmt<unknown[], [string]>(
    db,
    `SELECT DISTINCT j.key FROM tm_process_minutes m, json_each(m.data) j
     WHERE m.account_id = ? AND m.server_id = ? AND m.time BETWEEN ? AND ?`,
  ).raw();
  const firstHour = Math.ceil(from / 3600) * 3600;
  const endHour = Math.floor((to + 60) / 3600) * 3600; // hours [firstHour, endHour) lie wholly inside
  const keys = new Set<string>();
  if (endHour <= firstHour) {
    for (const [k] of minuteKeys.all(a, s, from, to)) keys.add(k);
  } else {
    for (const [k] of minuteKeys.all(a, s, from, firstHour - 1)) keys.add(k);
    for (const [k] of minuteKeys.all(a, s, endHour, to)) keys.add(k);
    const hourKeys = stmt<unknown[], [string]>(
      db,
      `SELECT DISTINCT j.key FROM tm_process_rollups r, json_each(r.sums) j
       WHERE r.account_id = ? AND r.server_id = ? AND r.step = 3600 AND r.time >= ? AND r.time < ?`,
    ).raw();
    for (const [k] of hourKeys.all(a, s, firstHour, endHour)) keys.add(k);
  }
  return [...keys];
}

/** Processes of the server's latest minute, or running within the range; ordered by pid, create time. */
export function processList(db: Db, a: number, s: number, range: { start: number; end: number } | null, paging: PagingQuery): Page<ProcessItem> {
  let keys: string[];
  if (range) keys = keysInRange(db, a, s, range.start, range.end);
  else {
    const latest = latestMinuteOf(db, a, s);
    keys = latest === null ? [] : keysInRange(db, a, s, latest, latest);
  }
  keys = sortKeys(keys);
  const page = keys.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  const names = nameCache(db, a, s);
  const items = page.map((k): ProcessItem => {
    const [pid, ct] = k.split('_');
    const r = names(k);
    return { uid: `${s}_${k}`, pid: pid!, create_time: ct!, name: r?.name ?? '', args: r?.args ?? null, server_id: s };
  });
  return { total: keys.length, items };
}

/** Values of a stored minute (values array) or rollup (sums) as a process's record values. */
function toValues(step: number, json: string): ProcessValues {
  const v = JSON.parse(json) as number[];
  return step === 60 ? v : processAverages(v as ProcessSums);
}

/** One process's records over the window, newest first. */
export function processSeries(db: Db, a: number, s: number, key: string, w: SeriesWindow, paging: PagingQuery): Page<ProcessDataRecord> {
  const src = seriesSource('process', w.step);
  const col = w.step === 60 ? 'data' : 'sums';
  const rows = stmt<unknown[], [number, string]>(
    db,
    `SELECT time, v FROM (SELECT time, json_extract(${col}, ?) AS v FROM ${src.sql} AND time BETWEEN ? AND ?)
     WHERE v IS NOT NULL ORDER BY time DESC`,
  )
    .raw()
    .all(`$."${key}"`, a, s, ...src.args, w.from, w.to);
  const page = rows.slice(paging.page * paging.limit, (paging.page + 1) * paging.limit);
  return { total: rows.length, items: page.map(([time, v]) => ({ time, ...processRecord(toValues(w.step, v)) })) };
}

/** Summary records of every process per step, newest step first, then by pid and create time. */
export function processSummary(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<ProcessSummaryRecord> {
  const src = seriesSource('process', w.step);
  const col = w.step === 60 ? 'data' : 'sums';
  const counts = stmt<unknown[], [number, number]>(
    db,
    `SELECT time, (SELECT COUNT(*) FROM json_each(${col})) FROM ${src.sql} AND time BETWEEN ? AND ? ORDER BY time DESC`,
  )
    .raw()
    .all(a, s, ...src.args, w.from, w.to);
  const total = counts.reduce((n, [, c]) => n + c, 0);
  const first = paging.page * paging.limit;
  const items: ProcessSummaryRecord[] = [];
  const names = nameCache(db, a, s);
  const read = stmt<unknown[], { data: string }>(db, `SELECT ${col} AS data FROM ${src.sql} AND time = ?`);
  let skipped = 0;
  for (const [time, c] of counts) {
    if (items.length >= paging.limit) break;
    if (skipped + c <= first) {
      skipped += c;
      continue;
    }
    const blob = JSON.parse(read.get(a, s, ...src.args, time)!.data) as Record<string, number[]>;
    const keys = sortKeys(Object.keys(blob));
    for (let i = Math.max(0, first - skipped); i < keys.length && items.length < paging.limit; i++) {
      const key = keys[i]!;
      const r = names(key);
      const values = w.step === 60 ? (blob[key] as ProcessValues) : processAverages(blob[key]!);
      items.push({ uid: `${s}_${key}`, name: r?.name ?? '', args: r?.args ?? null, time, ...processRecord(values, SUMMARY_FIELDS) });
    }
    skipped += c;
  }
  return { total, items };
}

/** Process samples per minute with identities, oldest first (for the alert engine and traces). */
export function processMinuteSamples(db: Db, a: number, s: number, from: number, to: number): { time: number; processes: ProcessMinute[] }[] {
  const names = nameCache(db, a, s);
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

/** The files and threads of a process at a minute (default: its latest details within a day). */
export function processDetail(db: Db, a: number, s: number, key: string, time: number | undefined): { files?: string[]; threads?: Record<string, string>[] } | null {
  const path = `$."${key}"`;
  let row: { v: string | null } | undefined;
  if (time !== undefined) {
    row = stmt<unknown[], { v: string | null }>(
      db,
      'SELECT json_extract(data, ?) AS v FROM tm_process_details WHERE account_id = ? AND server_id = ? AND time = ?',
    ).get(path, a, s, Math.floor(time / 60) * 60);
  } else {
    const latest = latestMinuteOf(db, a, s) ?? 0;
    row = stmt<unknown[], { v: string | null }>(
      db,
      `SELECT v FROM (SELECT time, json_extract(data, ?) AS v FROM tm_process_details
         WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ?) WHERE v IS NOT NULL ORDER BY time DESC LIMIT 1`,
    ).get(path, a, s, latest - 86400, latest);
  }
  if (!row?.v) return null;
  return JSON.parse(row.v) as { files?: string[]; threads?: Record<string, string>[] };
}

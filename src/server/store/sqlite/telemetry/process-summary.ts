import type { Page, PagingQuery } from '../../../../shared/paging';
import { PROCESS_FIELDS, SUMMARY_FIELDS, type ProcessSummaryRecord } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import type { Db } from '../db';
import { STRIDE, type ProcessRollup } from './process-rollup';
import { processRollupRows } from './process-rollup-rows';
import { latestMinuteOf } from './server-reads';
import { processRecord, type ProcessValues } from './rollup';
import { stmt } from './statements';

type Identity = { name: string; args: string | null };

/** Looks process identities up once per request. */
export function identityCache(db: Db, a: number, s: number): (key: string) => Identity | undefined {
  const cache = new Map<string, Identity | undefined>();
  const get = stmt<unknown[], Identity>(db, 'SELECT name, args FROM tm_processes WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ?');
  return (key) => {
    if (cache.has(key)) return cache.get(key);
    const i = key.indexOf('_');
    const r = get.get(a, s, Number(key.slice(0, i)), Number(key.slice(i + 1)));
    cache.set(key, r);
    return r;
  };
}

/** Sorts "pid_ct" keys by pid, then create time (numerically), parsing each key once. */
export function sortKeys(keys: string[]): string[] {
  return keys
    .map((k) => {
      const i = k.indexOf('_');
      return { k, p: Number(k.slice(0, i)), c: Number(k.slice(i + 1)) };
    })
    .sort((x, y) => x.p - y.p || x.c - y.c)
    .map((x) => x.k);
}

/** Keys of a stored minute: its JSON holds quotes around keys only (values are arrays of numbers). */
function minuteKeyCount(json: string): number {
  let n = 0;
  for (let i = json.indexOf('"'); i >= 0; i = json.indexOf('"', i + 1)) n++;
  return n / 2;
}

/** Averages rounded to 3 decimals, as server rollups are. */
const round = (x: number) => Math.round(x * 1000) / 1000;

/** Values in PROCESS_FIELDS order: numbers, or (text mode) their JSON texts as stored; null or 'null' when absent. */
type Values = (number | string | null)[];

/** A step's processes: keys in uid order and each key's values in PROCESS_FIELDS order. */
interface StepProcesses {
  keys: string[];
  values: (key: string) => Values;
}

/**
 * The processes of a stored minute with each value as its JSON text, sliced from the stored JSON
 * ({"pid_ct":[v,...],...}: quotes only around keys, no nested arrays) instead of parsed and printed again.
 */
function scanMinute(json: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let q = json.indexOf('"'); q >= 0; q = json.indexOf('"', q + 1)) {
    const end = json.indexOf('"', q + 1);
    const close = json.indexOf(']', end);
    out.set(json.slice(q + 1, end), json.slice(end + 3, close).split(','));
    q = close;
  }
  return out;
}

/** A stored step of the window: its time, how many processes it has, and how to decode them. */
interface StepRow {
  time: number;
  count: () => number;
  decode: (text: boolean) => StepProcesses;
}

function minuteRow(time: number, json: string): StepRow {
  return {
    time,
    count: () => minuteKeyCount(json),
    decode: (text) => {
      if (text) {
        const m = scanMinute(json);
        return { keys: sortKeys([...m.keys()]), values: (k) => m.get(k)! };
      }
      const blob = JSON.parse(json) as Record<string, ProcessValues>;
      return { keys: sortKeys(Object.keys(blob)), values: (k) => blob[k]! };
    },
  };
}

function rollupRow(time: number, r: ProcessRollup): StepRow {
  const F = PROCESS_FIELDS.length;
  return {
    time,
    count: () => r.keys.length,
    decode: () => {
      const at = new Map(r.keys.map((k, i) => [k, i * STRIDE]));
      return {
        keys: sortKeys(r.keys),
        values: (k) => {
          const base = at.get(k)!;
          const out: ProcessValues = new Array(F);
          for (let f = 0; f < F; f++) {
            const c = r.sums[base + 1 + F + f]!;
            out[f] = c > 0 ? round(r.sums[base + 1 + f]! / c) : null;
          }
          return out;
        },
      };
    },
  };
}

function stepRows(db: Db, a: number, s: number, w: SeriesWindow): StepRow[] {
  if (w.step !== 60) return processRollupRows(db, a, s, w.step, w.from, w.to, latestMinuteOf(db, a, s)).map(([t, r]) => rollupRow(t, r));
  return stmt<unknown[], [number, string]>(
    db,
    'SELECT time, data FROM tm_process_minutes WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ? ORDER BY time DESC',
  )
    .raw()
    .all(a, s, w.from, w.to)
    .map(([t, json]) => minuteRow(t, json));
}

/** Walks one page of summary items: every process per step, newest step first, then by pid and create time. */
function walkSummary(
  db: Db,
  a: number,
  s: number,
  w: SeriesWindow,
  paging: PagingQuery,
  text: boolean,
  emit: (key: string, time: number, values: Values) => void,
): number {
  const first = paging.page * paging.limit;
  let total = 0;
  let emitted = 0;
  for (const row of stepRows(db, a, s, w)) {
    const n = row.count();
    if (emitted >= paging.limit || total + n <= first) {
      total += n;
      continue;
    }
    const step = row.decode(text);
    for (let i = Math.max(0, first - total); i < step.keys.length && emitted < paging.limit; i++, emitted++) {
      const key = step.keys[i]!;
      emit(key, row.time, step.values(key));
    }
    total += n;
  }
  return total;
}

/** Summary records of every process per step, newest step first, then by pid and create time. */
export function processSummary(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<ProcessSummaryRecord> {
  const names = identityCache(db, a, s);
  const items: ProcessSummaryRecord[] = [];
  const total = walkSummary(db, a, s, w, paging, false, (key, time, values) => {
    const r = names(key);
    items.push({ uid: `${s}_${key}`, name: r?.name ?? '', args: r?.args ?? null, time, ...processRecord(values as ProcessValues, SUMMARY_FIELDS) });
  });
  return { total, items };
}

const SUMMARY_INDEX = SUMMARY_FIELDS.map((f) => [`,"${f}":`, PROCESS_FIELDS.indexOf(f)] as const);

/** The same records as processSummary, as JSON texts built directly (no objects, no re-serialising). */
export function processSummaryJson(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<string> {
  const names = identityCache(db, a, s);
  const heads = new Map<string, string>();
  const items: string[] = [];
  const total = walkSummary(db, a, s, w, paging, true, (key, time, values) => {
    let head = heads.get(key);
    if (head === undefined) {
      const r = names(key);
      head = `{"uid":"${s}_${key}","name":${JSON.stringify(r?.name ?? '')},"args":${JSON.stringify(r?.args ?? null)},"time":`;
      heads.set(key, head);
    }
    let out = head + time;
    for (const [label, i] of SUMMARY_INDEX) {
      const v = values[i];
      if (v !== null && v !== undefined && v !== 'null') out += label + v;
    }
    items.push(out + '}');
  });
  return { total, items };
}

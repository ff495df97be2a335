import type { PagingQuery } from '../../../../shared/paging';
import { PROCESS_FIELDS, SUMMARY_FIELDS, type ProcessSummaryRecord } from '../../../../shared/telemetry';
import { type ProcessRollup, STRIDE } from './process-rollup';
import { processRecord, type ProcessValues } from './rollup';

/**
 * The process summary page planned from stored steps (pure; either store reads the rows and the
 * identities): every process per step, newest step first, then by pid and create time.
 */

/** A process identity as stored. */
export type Identity = { name: string; args: string | null };

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
export type Values = (number | string | null)[];

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
export interface StepRow {
  time: number;
  count: () => number;
  decode: (text: boolean) => StepProcesses;
}

export function minuteRow(time: number, json: string): StepRow {
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

export function rollupRow(time: number, r: ProcessRollup): StepRow {
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

/** One summary item of a page: the process key, the step's time and its values. */
export interface SummaryEntry {
  key: string;
  time: number;
  values: Values;
}

/** Walks one page of summary items over the window's steps (newest first); answers them and the total. */
export function summaryPage(rows: StepRow[], paging: PagingQuery, text: boolean): { total: number; entries: SummaryEntry[] } {
  const first = paging.page * paging.limit;
  const entries: SummaryEntry[] = [];
  let total = 0;
  for (const row of rows) {
    const n = row.count();
    if (entries.length >= paging.limit || total + n <= first) {
      total += n;
      continue;
    }
    const step = row.decode(text);
    for (let i = Math.max(0, first - total); i < step.keys.length && entries.length < paging.limit; i++) {
      const key = step.keys[i]!;
      entries.push({ key, time: row.time, values: step.values(key) });
    }
    total += n;
  }
  return { total, entries };
}

/** The summary records of a page's entries (server `s`), identities by key. */
export function summaryRecords(s: number, entries: SummaryEntry[], names: (key: string) => Identity | undefined): ProcessSummaryRecord[] {
  return entries.map(({ key, time, values }) => {
    const r = names(key);
    return { uid: `${s}_${key}`, name: r?.name ?? '', args: r?.args ?? null, time, ...processRecord(values as ProcessValues, SUMMARY_FIELDS) };
  });
}

const SUMMARY_INDEX = SUMMARY_FIELDS.map((f) => [`,"${f}":`, PROCESS_FIELDS.indexOf(f)] as const);

/** The same records as JSON texts built directly (no objects, no re-serialising); entries decoded in text mode. */
export function summaryJson(s: number, entries: SummaryEntry[], names: (key: string) => Identity | undefined): string[] {
  const heads = new Map<string, string>();
  return entries.map(({ key, time, values }) => {
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
    return out + '}';
  });
}

import type { Batch } from '../../../../shared/ingest';
import { processValues, type ProcessValues } from './rollup';

/** How stale processes.last_seen may get before ingest rewrites it (seconds). */
const LAST_SEEN_SLACK = 600;

/** Processes of one server whose identity row is known written: "pid_ct" to first and last minute. */
export type KnownProcesses = Map<string, { first: number; last: number }>;

/** A process identity to upsert. */
export interface ProcessIdentity {
  pid: number;
  create_time: number;
  name: string;
  args: string | null;
}

/**
 * Plans the stored minute of a server's processes (either store writes it): the values as one JSON
 * object {"pid_ct": [values in PROCESS_FIELDS order]} and the identities not known fresh in `cache`
 * (which it updates). A key twice in a batch keeps its first place, its last values and its first
 * identity, as an object built key by key does.
 */
export function planProcessMinute(processes: Batch['processes'], minute: number, cache: KnownProcesses): { text: string; fresh: ProcessIdentity[] } {
  const keys: string[] = [];
  const rows: ProcessRow[] = [];
  const at = new Map<string, number>();
  const fresh: ProcessIdentity[] = [];
  for (const p of processes) {
    const key = p.pid + '_' + p.create_time;
    const i = at.get(key);
    if (i !== undefined) {
      rows[i] = processRow(p);
      continue;
    }
    at.set(key, rows.length);
    keys.push(key);
    rows.push(processRow(p));
    const k = cache.get(key);
    if (k && minute >= k.first && minute - k.last < LAST_SEEN_SLACK) continue;
    fresh.push({ pid: p.pid, create_time: p.create_time, name: p.name, args: p.args ?? null });
    cache.set(key, { first: Math.min(k?.first ?? minute, minute), last: Math.max(k?.last ?? minute, minute) });
  }
  return { text: keyedRowsText(keys, rows), fresh };
}

/**
 * `{"k0":[row 0],"k1":[row 1],...}`, printed by one JSON.stringify of the rows as an array of arrays,
 * whose rows are then cut at "],[" (numbers and null never hold a bracket) and keyed. Printing the
 * object of keyed rows instead cost a quarter more (building the object of 200 keys, then printing it),
 * and printing each number by concatenation twice as much.
 */
function keyedRowsText(keys: string[], rows: ProcessRow[]): string {
  if (rows.length === 0) return '{}';
  const parts = JSON.stringify(rows).slice(2, -2).split('],[');
  let out = '{"' + keys[0] + '":[' + parts[0] + ']';
  for (let i = 1; i < parts.length; i++) out += ',"' + keys[i] + '":[' + parts[i] + ']';
  return out + '}';
}

/** A process's values in PROCESS_FIELDS order; an absent one is undefined, which JSON.stringify prints as null in an array. */
type ProcessRow = (number | undefined)[];

/** The values of a process in PROCESS_FIELDS order (process-minute.test.ts holds the order to PROCESS_FIELDS). */
export function processRow(p: Batch['processes'][number]): ProcessRow {
  return [
    p.cpu, p.memory, p.page_faults, p.thread_num, p.socket_read, p.socket_write, p.socket_num, p.file_read,
    p.file_write, p.file_num, p.registry_num, p.critical_log, p.total_log, p.avg_response_time, p.response_num, p.flags,
  ];
}

/** The process details of a batch as the stored JSON text ({"pid_ct": {files, threads}}), or null without any. */
export function detailsText(batch: Batch): string | null {
  if (batch.process_details.length === 0) return null;
  const details: Record<string, { files?: string[]; threads?: unknown[] }> = {};
  for (const d of batch.process_details) details[`${d.pid}_${d.create_time}`] = { files: d.files, threads: d.threads };
  return JSON.stringify(details);
}

/** Per-store caches of known processes by "account:server", bounded. */
export function knownProcessCache<K extends object>(): { of(db: K, a: number, s: number): KnownProcesses; forget(db: K, a: number, s: number): void } {
  const byDb = new WeakMap<K, Map<string, KnownProcesses>>();
  return {
    of(db, a, s) {
      let all = byDb.get(db);
      if (!all) byDb.set(db, (all = new Map()));
      const key = `${a}:${s}`;
      let k = all.get(key);
      if (!k) {
        if (all.size > 20_000) all.clear();
        all.set(key, (k = new Map()));
      }
      return k;
    },
    forget(db, a, s) {
      byDb.get(db)?.delete(`${a}:${s}`);
    },
  };
}

/** The minute's values by "pid_ct" key (the last of a key given twice). */
export function minuteValues(processes: Batch['processes']): Record<string, ProcessValues> {
  const values: Record<string, ProcessValues> = {};
  for (const p of processes) values[`${p.pid}_${p.create_time}`] = processValues(p);
  return values;
}

import type { Batch } from '../../../../shared/ingest';
import { PROCESS_FIELDS } from '../../../../shared/telemetry';
import type { Db } from '../db';
import { parseJson } from '../util';
import { foldProcessMinute } from './process-rollup-rows';
import { addServerSample, emptyServerSums, processValues, serverAverages, type ProcessValues, type ServerSums } from './rollup';
import type { SinkContext } from './sinks';
import { stmt } from './statements';

/** Rollup steps kept at ingest. */
export const ROLLUP_STEPS = [3600, 86400] as const;

/** How stale processes.last_seen may get before ingest rewrites it (seconds). */
const LAST_SEEN_SLACK = 600;

type Known = Map<string, { first: number; last: number }>;
const knownByDb = new WeakMap<Db, Map<string, Known>>();

/** Processes whose row is known to be written, per server, to skip an upsert per process per minute. */
function known(db: Db, accountId: number, serverId: number): Known {
  let all = knownByDb.get(db);
  if (!all) knownByDb.set(db, (all = new Map()));
  const key = `${accountId}:${serverId}`;
  let k = all.get(key);
  if (!k) {
    if (all.size > 20_000) all.clear();
    all.set(key, (k = new Map()));
  }
  return k;
}

/** Forgets the cache of a server whose ingest transaction rolled back. */
export function forgetKnownProcesses(db: Db, accountId: number, serverId: number): void {
  knownByDb.get(db)?.delete(`${accountId}:${serverId}`);
}

/**
 * Stores the server sample, the process samples and details of the minute, and folds them into the
 * hour and day rollups. A second batch for a minute already stored leaves samples and rollups as they
 * are (first write wins), so rollups never count a minute twice.
 */
export function sampleSink({ db, accountId: a, serverId: s, minute }: SinkContext, batch: Batch): void {
  const serverJson = JSON.stringify(batch.server);
  const ins = stmt(db, 'INSERT OR IGNORE INTO tm_server_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, ?)');
  if (ins.run(a, s, minute, serverJson).changes === 0) return;
  const previous = stmt<unknown[], { time: number }>(db, 'SELECT time FROM tm_server_latest WHERE account_id = ? AND server_id = ?').get(a, s);
  stmt(
    db,
    `INSERT INTO tm_server_latest (account_id, server_id, time, data) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET time = excluded.time, data = excluded.data WHERE excluded.time > tm_server_latest.time`,
  ).run(a, s, minute, serverJson);

  for (const step of ROLLUP_STEPS) {
    const t = Math.floor(minute / step) * step;
    const row = stmt<unknown[], { sums: string }>(
      db,
      'SELECT sums FROM tm_server_rollup_sums WHERE account_id = ? AND server_id = ? AND step = ? AND time = ?',
    ).get(a, s, step, t);
    const sums = row ? parseJson<ServerSums>(row.sums, emptyServerSums()) : emptyServerSums();
    addServerSample(sums, batch.server);
    putServerRollup(db, a, s, step, t, sums);
  }

  const processes = batch.processes;
  if (processes.length > 0) storeProcesses(db, a, s, minute, processes);
  foldProcessMinute(db, a, s, minute, previous?.time ?? null, processes.length > 0 ? () => minuteValues(processes) : null);
  if (batch.process_details.length > 0) {
    const details: Record<string, { files?: string[]; threads?: unknown[] }> = {};
    for (const d of batch.process_details) details[`${d.pid}_${d.create_time}`] = { files: d.files, threads: d.threads };
    stmt(db, 'INSERT OR REPLACE INTO tm_process_details (account_id, server_id, time, data) VALUES (?, ?, ?, ?)').run(
      a,
      s,
      minute,
      JSON.stringify(details),
    );
  }
}

/** Rows per multi-row upsert of process identities (8 parameters each). */
const UPSERT_ROWS = 64;
const upsertSql = new Map<number, string>();

/** Upserts process identities, `rows` flat (8 values per row), many rows per statement. */
function upsertProcesses(db: Db, rows: unknown[]): void {
  for (let i = 0; i < rows.length; i += UPSERT_ROWS * 8) {
    const chunk = rows.slice(i, i + UPSERT_ROWS * 8);
    const n = chunk.length / 8;
    let sql = upsertSql.get(n);
    if (sql === undefined) {
      sql = `INSERT INTO tm_processes (account_id, server_id, pid, create_time, name, args, first_seen, last_seen)
     VALUES ${new Array(n).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON CONFLICT DO UPDATE SET name = excluded.name, args = excluded.args,
       first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen)`;
      upsertSql.set(n, sql);
    }
    stmt(db, sql).run(chunk);
  }
}

/**
 * Stores the minute's processes: identities not known fresh, and the values as one JSON object
 * {"pid_ct": [values in PROCESS_FIELDS order]} written as text directly (no object per process, no
 * JSON.stringify; the values are finite numbers, which print as in JSON). A key twice in a batch keeps its first place, its last values and its first identity,
 * as an object built key by key would.
 */
function storeProcesses(db: Db, a: number, s: number, minute: number, processes: Batch['processes']): void {
  const cache = known(db, a, s);
  const at = new Map<string, number>();
  const parts: string[] = [];
  const fresh: unknown[] = [];
  for (const p of processes) {
    const key = `${p.pid}_${p.create_time}`;
    let part = `"${key}":[`;
    for (let f = 0; f < PROCESS_FIELDS.length; f++) {
      const v = p[PROCESS_FIELDS[f]!];
      part += (f === 0 ? '' : ',') + (v === undefined ? 'null' : v);
    }
    part += ']';
    const i = at.get(key);
    if (i !== undefined) {
      parts[i] = part;
      continue;
    }
    at.set(key, parts.push(part) - 1);
    const k = cache.get(key);
    if (k && minute >= k.first && minute - k.last < LAST_SEEN_SLACK) continue;
    fresh.push(a, s, p.pid, p.create_time, p.name, p.args, minute, minute);
    cache.set(key, { first: Math.min(k?.first ?? minute, minute), last: Math.max(k?.last ?? minute, minute) });
  }
  upsertProcesses(db, fresh);
  stmt(db, 'INSERT OR REPLACE INTO tm_process_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, ?)').run(
    a,
    s,
    minute,
    `{${parts.join(',')}}`,
  );
}

/** The minute's values by "pid_ct" key (the last of a key given twice). */
function minuteValues(processes: Batch['processes']): Record<string, ProcessValues> {
  const values: Record<string, ProcessValues> = {};
  for (const p of processes) values[`${p.pid}_${p.create_time}`] = processValues(p);
  return values;
}

/**
 * Writes a server rollup: its sums (kept for the minutes still to come) apart from its averaged record,
 * so reads of the averages touch small rows only. Averages are rounded to 3 decimals.
 */
export function putServerRollup(db: Db, a: number, s: number, step: number, t: number, sums: ServerSums): void {
  stmt(db, 'INSERT OR REPLACE INTO tm_server_rollup_sums (account_id, server_id, step, time, sums) VALUES (?, ?, ?, ?, ?)').run(
    a,
    s,
    step,
    t,
    JSON.stringify(sums),
  );
  stmt(db, 'INSERT OR REPLACE INTO tm_server_rollups (account_id, server_id, step, time, data) VALUES (?, ?, ?, ?, ?)').run(
    a,
    s,
    step,
    t,
    JSON.stringify(serverAverages(sums), roundNumber),
  );
}

const roundNumber = (_k: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v);

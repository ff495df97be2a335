import type { Batch } from '../../../../shared/ingest';
import { detailsText, knownProcessCache, minuteValues, planProcessMinute } from '../../common/telemetry/process-minute';
import { addServerSample, averagesJson, emptyServerSums, type ServerSums } from '../../common/telemetry/rollup';
import { parseJson } from '../../common/util';
import type { Db } from '../db';
import { foldProcessMinute } from './process-rollup-rows';
import type { SinkContext } from './sink';
import { stmt } from './statements';

/** Rollup steps kept at ingest. */
export const ROLLUP_STEPS = [3600, 86400] as const;

const known = knownProcessCache<Db>();

/** Forgets the cache of a server whose ingest transaction rolled back. */
export function forgetKnownProcesses(db: Db, accountId: number, serverId: number): void {
  known.forget(db, accountId, serverId);
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
  const details = detailsText(batch);
  if (details !== null) {
    stmt(db, 'INSERT OR REPLACE INTO tm_process_details (account_id, server_id, time, data) VALUES (?, ?, ?, ?)').run(a, s, minute, details);
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

/** Stores the minute's processes: identities not known fresh, and the values as one JSON object (see planProcessMinute). */
function storeProcesses(db: Db, a: number, s: number, minute: number, processes: Batch['processes']): void {
  const { text, fresh } = planProcessMinute(processes, minute, known.of(db, a, s));
  upsertProcesses(db, fresh.flatMap((p) => [a, s, p.pid, p.create_time, p.name, p.args, minute, minute]));
  stmt(db, 'INSERT OR REPLACE INTO tm_process_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, ?)').run(a, s, minute, text);
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
    averagesJson(sums),
  );
}

import type { Batch } from '../../../../shared/ingest';
import { detailsText, knownProcessCache, minuteValues, planProcessMinute } from '../../common/telemetry/process-minute';
import { addServerSample, averagesJson, emptyServerSums, type ServerSums } from '../../common/telemetry/rollup';
import { parseJson } from '../../common/util';
import { named, type Pg } from '../db';
import { foldProcessMinute } from './process-rollup-rows';
import type { BatchSink, SinkContext } from './sink';

/** The time-partitioned tables the samples go to (day partitions, see partitions.ts). */
export const SAMPLE_TABLES = [
  { table: 'tm_server_minutes', column: 'time' },
  { table: 'tm_process_minutes', column: 'time' },
  { table: 'tm_process_details', column: 'time' },
] as const;

/** Processes whose identity row is known written, per pool and server (skips an upsert per process per minute). */
export const knownProcesses = knownProcessCache<Pg>();

const HOUR = 3600;
const DAY = 86400;

// The minute, the latest point and the reads the rollups need, in one round trip. It runs under the
// server's advisory lock, taken with BEGIN, so its snapshot follows the lock.
const HEAD = named(`
WITH m AS (INSERT INTO tm_server_minutes (account_id, server_id, time, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING time),
l AS (INSERT INTO tm_server_latest (account_id, server_id, time, data) SELECT $1, $2, $3, $4 FROM m
      ON CONFLICT (account_id, server_id) DO UPDATE SET time = excluded.time, data = excluded.data WHERE excluded.time > tm_server_latest.time)
SELECT (SELECT count(*) FROM m) AS stored,
  (SELECT time FROM tm_server_latest WHERE account_id = $1 AND server_id = $2) AS previous,
  (SELECT sums FROM tm_server_rollups_hour WHERE account_id = $1 AND server_id = $2 AND time = $5) AS hour_sums,
  (SELECT sums FROM tm_server_rollups_day WHERE account_id = $1 AND server_id = $2 AND time = $6) AS day_sums`);

// The rollups, the processes' minute, identities and details, in one round trip.
const WRITE = named(`
WITH h AS (INSERT INTO tm_server_rollups_hour (account_id, server_id, time, sums, data) VALUES ($1, $2, $4, $5, $6)
      ON CONFLICT (account_id, server_id, time) DO UPDATE SET sums = excluded.sums, data = excluded.data),
d AS (INSERT INTO tm_server_rollups_day (account_id, server_id, time, sums, data) VALUES ($1, $2, $7, $8, $9)
      ON CONFLICT (account_id, server_id, time) DO UPDATE SET sums = excluded.sums, data = excluded.data),
pm AS (INSERT INTO tm_process_minutes (account_id, server_id, time, data) SELECT $1, $2, $3, $10::json WHERE $10::text IS NOT NULL
      ON CONFLICT (account_id, server_id, time) DO UPDATE SET data = excluded.data),
pd AS (INSERT INTO tm_process_details (account_id, server_id, time, data) SELECT $1, $2, $3, $11::json WHERE $11::text IS NOT NULL
      ON CONFLICT (account_id, server_id, time) DO UPDATE SET data = excluded.data),
pi AS (INSERT INTO tm_processes (account_id, server_id, pid, create_time, name, args, first_seen, last_seen)
      SELECT $1, $2, u.pid, u.ct, u.name, u.args, $3, $3 FROM unnest($12::bigint[], $13::bigint[], $14::text[], $15::text[]) AS u(pid, ct, name, args)
      ON CONFLICT (account_id, server_id, pid, create_time) DO UPDATE SET name = excluded.name, args = excluded.args,
        first_seen = least(tm_processes.first_seen, excluded.first_seen), last_seen = greatest(tm_processes.last_seen, excluded.last_seen))
SELECT 1`);

function added(stored: string | null, sample: Batch['server']): ServerSums {
  const sums = stored === null ? emptyServerSums() : parseJson<ServerSums>(stored, emptyServerSums());
  addServerSample(sums, sample);
  return sums;
}

/**
 * Stores the server sample, the process samples and details of the minute, and folds them into the
 * hour and day rollups. A second batch for a minute already stored leaves samples and rollups as they
 * are (first write wins), so rollups never count a minute twice. (SQLite: sqlite/telemetry/sample-sink.ts.)
 */
async function storeSamples({ pg, tx, accountId: a, serverId: s, minute }: SinkContext, batch: Batch): Promise<void> {
  const serverJson = JSON.stringify(batch.server);
  const hour = Math.floor(minute / HOUR) * HOUR;
  const day = Math.floor(minute / DAY) * DAY;
  const head = (await tx.row<{ stored: number; previous: number | null; hour_sums: string | null; day_sums: string | null }>(HEAD, [a, s, minute, serverJson, hour, day]))!;
  if (head.stored === 0) return;
  const hourSums = added(head.hour_sums, batch.server);
  const daySums = added(head.day_sums, batch.server);
  const processes = batch.processes;
  const plan = processes.length > 0 ? planProcessMinute(processes, minute, knownProcesses.of(pg, a, s)) : { text: null, fresh: [] };
  await tx.exec(WRITE, [
    a, s, minute,
    hour, JSON.stringify(hourSums), averagesJson(hourSums),
    day, JSON.stringify(daySums), averagesJson(daySums),
    plan.text, detailsText(batch),
    plan.fresh.map((p) => p.pid), plan.fresh.map((p) => p.create_time), plan.fresh.map((p) => p.name), plan.fresh.map((p) => p.args),
  ]);
  await foldProcessMinute(tx, a, s, minute, head.previous, processes.length > 0 ? () => minuteValues(processes) : null);
}

/** The server and process samples of a batch. */
export const sampleSink: BatchSink = { tables: SAMPLE_TABLES, times: (b) => [b.minute], store: storeSamples };

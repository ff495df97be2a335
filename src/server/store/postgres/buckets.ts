import { foldSample, toPoint, type BucketType, type MinuteAggregate, type StatsdSample } from '../../../shared/statsd';
import type { BucketRecord, BucketRepo } from '../repos/buckets';
import type { Pg, Sql } from './db';
import { ensurePartitions } from './partitions';

interface Row {
  id: number;
  name: string;
  type: string;
  create_time: number;
  last_updated: number;
}

const COLUMNS = 'id, name, type, create_time, last_updated';
const toRecord = (r: Row): BucketRecord => ({ ...r, type: r.type as BucketType });

/** The time-partitioned table of bucket aggregates (day partitions, see partitions.ts). */
export const BUCKET_TABLES = [{ table: 'bucket_minutes', column: 'time' }] as const;

// Buckets of the samples' names, first type kept, in the samples' order (ids are given in that order).
// Upserting locks each bucket row to the end of the transaction, so concurrent writers of one bucket
// fold their samples one after the other (the reads below come after the lock, in a newer snapshot).
const UPSERT = `
INSERT INTO buckets (account_id, name, type, create_time, last_updated)
SELECT $1, u.name, u.type, $4, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(name, type, o) ORDER BY u.o
ON CONFLICT (account_id, name) DO UPDATE SET last_updated = greatest(buckets.last_updated, excluded.last_updated)
RETURNING id, name, type`;

// The minute's aggregate of each bucket and, for gauges moved by a delta, its last value before the minute.
const READ = `
SELECT u.id, m.count, m.sum, m.min, m.max, m.last,
  (SELECT b.last FROM bucket_minutes b WHERE b.account_id = $1 AND b.bucket_id = u.id AND b.time < $3 AND b.last IS NOT NULL
    ORDER BY b.time DESC LIMIT 1) AS before
FROM unnest($2::bigint[]) AS u(id)
LEFT JOIN bucket_minutes m ON m.account_id = $1 AND m.bucket_id = u.id AND m.time = $3`;

const WRITE = `
INSERT INTO bucket_minutes (account_id, bucket_id, time, count, sum, min, max, last)
SELECT $1, u.id, $2, u.count, u.sum, u.min, u.max, u.last
FROM unnest($3::bigint[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[]) AS u(id, count, sum, min, max, last)
ON CONFLICT (account_id, bucket_id, time) DO UPDATE SET count = excluded.count, sum = excluded.sum, min = excluded.min,
  max = excluded.max, last = excluded.last`;

type Read = MinuteAggregate & { id: number; before: number | null; count: number | null };

/**
 * Records StatsD samples of one minute for an account inside the caller's transaction, in three round
 * trips whatever the number of samples (SQLite: sqlite/buckets.ts recordStatsd, same answers). A new name
 * creates its bucket with the sample's type; a known name keeps its first type and its samples are
 * folded by that type. `at` (default: the minute) becomes last_updated, and create_time of new buckets.
 */
export async function recordStatsd(sql: Sql, accountId: number, minute: number, samples: readonly StatsdSample[], at = minute): Promise<void> {
  if (samples.length === 0) return;
  const firstType = new Map<string, string>();
  for (const s of samples) if (!firstType.has(s.name)) firstType.set(s.name, s.type);
  const buckets = await sql.rows<{ id: number; name: string; type: string }>(UPSERT, [accountId, [...firstType.keys()], [...firstType.values()], at]);
  const byName = new Map(buckets.map((b) => [b.name, b]));
  const ids = buckets.map((b) => b.id);
  const reads = await sql.rows<Read>(READ, [accountId, ids, minute]);
  const stored = new Map(reads.map((r) => [r.id, r]));
  const folded = new Map<number, MinuteAggregate>();
  for (const s of samples) {
    if (s.value === null) continue;
    const b = byName.get(s.name)!;
    const r = stored.get(b.id);
    const agg = folded.get(b.id) ?? (r && r.count !== null ? { count: r.count, sum: r.sum, min: r.min, max: r.max, last: r.last } : null);
    const before = b.type === 'gauge' && s.delta && !agg ? (r?.before ?? null) : null;
    folded.set(b.id, foldSample(b.type as BucketType, agg, s, before));
  }
  if (folded.size === 0) return;
  const rows = [...folded];
  await sql.exec(WRITE, [
    accountId, minute, rows.map(([id]) => id), rows.map(([, a]) => a.count), rows.map(([, a]) => a.sum),
    rows.map(([, a]) => a.min), rows.map(([, a]) => a.max), rows.map(([, a]) => a.last),
  ]);
}

/** The PostgreSQL bucket repository (SQLite: sqlite/buckets.ts). */
export function pgBuckets(pg: Pg): BucketRepo {
  const remove = (accountId: number, id: number) =>
    pg.tx(async (tx) => {
      await tx.exec('DELETE FROM bucket_minutes WHERE account_id = $1 AND bucket_id = $2', [accountId, id]);
      return (await tx.exec('DELETE FROM buckets WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    });
  return {
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT count(*) AS n FROM buckets WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<Row>(`SELECT ${COLUMNS} FROM buckets WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`, [
        accountId, paging.limit, paging.page * paging.limit,
      ]);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const row = await pg.row<Row>(`SELECT ${COLUMNS} FROM buckets WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return row ? toRecord(row) : null;
    },
    delete: remove,
    async deleteByName(accountId, name) {
      const row = await pg.row<{ id: number }>('SELECT id FROM buckets WHERE account_id = $1 AND name = $2', [accountId, name]);
      return row ? remove(accountId, row.id) : false;
    },
    async record(accountId, minute, samples, at) {
      await ensureBucketPartitions(pg, minute);
      await pg.tx((tx) => recordStatsd(tx, accountId, minute, samples, at));
    },
    async latest(accountId, bucketId) {
      return (await pg.row<{ t: number | null }>('SELECT max(time) AS t FROM bucket_minutes WHERE account_id = $1 AND bucket_id = $2', [accountId, bucketId]))?.t ?? null;
    },
    async data(accountId, bucket, w, paging) {
      const args = [accountId, bucket.id, w.from, w.to];
      const where = 'account_id = $1 AND bucket_id = $2 AND time BETWEEN $3 AND $4';
      const total = (await pg.row<{ n: number }>(`SELECT count(*) AS n FROM bucket_minutes WHERE ${where}`, args))!.n;
      const rows = await pg.rows<MinuteAggregate & { time: number }>(
        `SELECT time, count, sum, min, max, last FROM bucket_minutes WHERE ${where} ORDER BY time DESC LIMIT $5 OFFSET $6`,
        [...args, paging.limit, paging.page * paging.limit],
      );
      return { total, items: rows.map((r) => toPoint(bucket.type, r.time, r)) };
    },
  };
}

/** Makes sure bucket_minutes has the day partition of `minute`, before a writing transaction. */
export function ensureBucketPartitions(pg: Pg, minute: number): Promise<void> {
  return ensurePartitions(pg, BUCKET_TABLES[0], [minute]);
}

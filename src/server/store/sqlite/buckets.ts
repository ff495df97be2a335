import { foldSample, toPoint, type BucketType, type MinuteAggregate, type StatsdSample } from '../../../shared/statsd';
import type { BucketRecord, BucketRepo } from '../repos/buckets';
import type { Db } from './db';

interface Row {
  id: number;
  name: string;
  type: string;
  create_time: number;
  last_updated: number;
}
interface AggRow extends MinuteAggregate {
  time: number;
}

const COLUMNS = 'id, name, type, create_time, last_updated';
const toRecord = (r: Row): BucketRecord => ({ ...r, type: r.type as BucketType });

// Statements are prepared once per Db: recordStatsd runs inside every ingest transaction.
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    upsert: db.prepare<[number, string, string, number, number], { id: number; type: string }>(
      `INSERT INTO buckets (account_id, name, type, create_time, last_updated) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, name) DO UPDATE SET last_updated = MAX(last_updated, excluded.last_updated)
       RETURNING id, type`,
    ),
    minute: db.prepare<[number, number, number], MinuteAggregate>(
      'SELECT count, sum, min, max, last FROM bucket_minutes WHERE account_id = ? AND bucket_id = ? AND time = ?',
    ),
    lastBefore: db.prepare<[number, number, number], { last: number | null }>(
      `SELECT last FROM bucket_minutes WHERE account_id = ? AND bucket_id = ? AND time < ? AND last IS NOT NULL
       ORDER BY time DESC LIMIT 1`,
    ),
    write: db.prepare<[number, number, number, number, number, number | null, number | null, number | null]>(
      `INSERT OR REPLACE INTO bucket_minutes (account_id, bucket_id, time, count, sum, min, max, last) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}
const statements = (db: Db) => cache.get(db) ?? cache.set(db, prepare(db)).get(db)!;

/**
 * Records StatsD samples of one minute for an account, synchronously, so the ingest path can call it
 * inside its own batch transaction. A new name creates its bucket with the sample's type; a known
 * name keeps its first type and its samples are folded by that type (spec: the type is fixed).
 * `at` (default: the minute) becomes last_updated, and create_time of new buckets.
 */
export function recordStatsd(db: Db, accountId: number, minute: number, samples: readonly StatsdSample[], at = minute): void {
  const st = statements(db);
  for (const s of samples) {
    const b = st.upsert.get(accountId, s.name, s.type, at, at)!;
    if (s.value === null) continue;
    const type = b.type as BucketType;
    const agg = st.minute.get(accountId, b.id, minute) ?? null;
    const before = type === 'gauge' && s.delta && !agg ? (st.lastBefore.get(accountId, b.id, minute)?.last ?? null) : null;
    const a = foldSample(type, agg, s, before);
    st.write.run(accountId, b.id, minute, a.count, a.sum, a.min, a.max, a.last);
  }
}

export function sqliteBuckets(db: Db): BucketRepo {
  const byId = db.prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM buckets WHERE account_id = ? AND id = ?`);
  const byName = db.prepare<[number, string], Row>(`SELECT ${COLUMNS} FROM buckets WHERE account_id = ? AND name = ?`);
  const remove = db.transaction((accountId: number, id: number) => {
    db.prepare('DELETE FROM bucket_minutes WHERE account_id = ? AND bucket_id = ?').run(accountId, id);
    return db.prepare('DELETE FROM buckets WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
  });
  const record = db.transaction(recordStatsd);

  return {
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM buckets WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], Row>(`SELECT ${COLUMNS} FROM buckets WHERE account_id = ? ORDER BY id LIMIT ? OFFSET ?`)
        .all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toRecord(row) : null;
    },
    async delete(accountId, id) {
      return remove.immediate(accountId, id);
    },
    async deleteByName(accountId, name) {
      const row = byName.get(accountId, name);
      return row ? remove.immediate(accountId, row.id) : false;
    },
    async record(accountId, minute, samples, at) {
      record.immediate(db, accountId, minute, samples, at);
    },
    async latest(accountId, bucketId) {
      return (
        db
          .prepare<[number, number], { t: number | null }>('SELECT MAX(time) AS t FROM bucket_minutes WHERE account_id = ? AND bucket_id = ?')
          .get(accountId, bucketId)?.t ?? null
      );
    },
    async data(accountId, bucket, w, paging) {
      const args: [number, number, number, number] = [accountId, bucket.id, w.from, w.to];
      const where = 'account_id = ? AND bucket_id = ? AND time BETWEEN ? AND ?';
      const total = db.prepare<[number, number, number, number], { n: number }>(`SELECT COUNT(*) AS n FROM bucket_minutes WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<[number, number, number, number, number, number], AggRow>(
          `SELECT time, count, sum, min, max, last FROM bucket_minutes WHERE ${where} ORDER BY time DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map((r) => toPoint(bucket.type, r.time, r)) };
    },
  };
}

import { readLast, SERIES_COLUMNS, toSeriesRecord, type SeriesRow } from '../common/labelled-series';
import { blocksOf, chunkRows, hourOf, minuteOf, minutePoints, readSamples, sampleRows, SERIES_BLOCK, seriesSamples, type BlockRow, type ChunkRow } from '../common/series-samples';
import type { LabelledSeriesRepo } from '../repos/labelled-series';
import type { Pg } from './db';
import { ensurePartitions } from './partitions';

/**
 * The time-partitioned tables of series (day partitions, see partitions.ts): the samples written, and
 * the minutes folded by releases before samples were kept (read, no longer written).
 */
export const SERIES_TABLES = [
  { table: 'series_samples', column: 'minute' },
  { table: 'series_chunks', column: 'hour' },
  { table: 'series_minutes', column: 'time' },
] as const;

// Appends each row's samples to the stored ones; rows come ordered by block and minute, so writers
// sharing rows (HA Prometheus pairs) lock them in one order.
const APPEND = `
INSERT INTO series_samples AS s (account_id, block, minute, data)
SELECT $1, u.block, u.minute, u.data FROM unnest($2::bigint[], $3::bigint[], $4::bytea[]) AS u(block, minute, data)
ON CONFLICT (account_id, block, minute) DO UPDATE SET data = s.data || excluded.data`;
const APPEND_CHUNKS = `
INSERT INTO series_chunks AS c (account_id, series_id, hour, data)
SELECT $1, u.id, u.hour, u.data FROM unnest($2::bigint[], $3::bigint[], $4::bytea[]) AS u(id, hour, data)
ON CONFLICT (account_id, series_id, hour) DO UPDATE SET data = c.data || excluded.data`;

/** The PostgreSQL labelled-series repository (SQLite: sqlite/labelled-series.ts, same answers). */
export function pgLabelledSeries(pg: Pg): LabelledSeriesRepo {
  return {
    async write(accountId, series, maxSeries, at, cached = []) {
      const minutes = new Set<number>();
      for (const s of [...series, ...cached]) for (const ms of s.ms) minutes.add(minuteOf(ms));
      await ensurePartitions(pg, SERIES_TABLES[0], minutes);
      return pg.tx(async (tx) => {
        const check = cached.filter((c) => c.touch);
        if (check.length > 0) {
          // Known series touched by id and fingerprint, locked in id order like the others below.
          const found = await tx.rows<{ id: number }>(
            `UPDATE labelled_series s SET last_updated = greatest(s.last_updated, $4)
             FROM (SELECT id FROM labelled_series WHERE account_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE) l,
                  unnest($2::bigint[], $3::text[]) AS k(id, f)
             WHERE s.account_id = $1 AND s.id = l.id AND k.id = s.id AND s.fingerprint = k.f
             RETURNING s.id`,
            [accountId, check.map((c) => c.id), check.map((c) => c.fingerprint), at],
          );
          const alive = new Set(found.map((r) => Number(r.id)));
          const gone = check.filter((c) => !alive.has(c.id)).map((c) => c.id);
          if (gone.length > 0) return { ok: false as const, gone };
        }
        const prints = series.map((s) => s.fingerprint);
        const known = await tx.rows<{ id: number; fingerprint: string }>(
          'SELECT id, fingerprint FROM labelled_series WHERE account_id = $1 AND fingerprint = ANY($2::text[])',
          [accountId, prints],
        );
        const ids = new Map(known.map((r) => [r.fingerprint, r.id]));
        const fresh = series.filter((s) => !ids.has(s.fingerprint));
        if (fresh.length > 0) {
          // Writers adding series to one account take turns, so two cannot both pass the cap.
          await tx.exec("SELECT pg_advisory_xact_lock(hashtext('labelled_series'), $1::int)", [accountId]);
          const existing = (await tx.row<{ n: number }>('SELECT count(*) AS n FROM labelled_series WHERE account_id = $1', [accountId]))!.n;
          if (existing + fresh.length > maxSeries) return { ok: false as const, existing, adding: fresh.length };
          const made = await tx.rows<{ id: number; fingerprint: string }>(
            `INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated)
             SELECT $1, u.f, u.n, u.l::jsonb, $5, $5 FROM unnest($2::text[], $3::text[], $4::text[]) AS u(f, n, l)
             ON CONFLICT (account_id, fingerprint) DO UPDATE SET last_updated = greatest(labelled_series.last_updated, excluded.last_updated)
             RETURNING id, fingerprint`,
            [accountId, fresh.map((s) => s.fingerprint), fresh.map((s) => s.name), fresh.map((s) => JSON.stringify(s.labels)), at],
          );
          for (const r of made) ids.set(r.fingerprint, r.id);
        }
        if (known.length > 0) {
          // Rows locked in id order, as the minutes below are written: two writers sharing series (HA
          // Prometheus pairs) wait for each other instead of deadlocking.
          await tx.exec(
            `UPDATE labelled_series s SET last_updated = greatest(s.last_updated, $3)
             FROM (SELECT id FROM labelled_series WHERE account_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE) l
             WHERE s.account_id = $1 AND s.id = l.id`,
            [accountId, known.map((r) => r.id), at],
          );
        }
        const rows = sampleRows([...series.map((s) => seriesSamples(ids.get(s.fingerprint)!, s)), ...cached.map((c) => seriesSamples(c.id, c))]);
        await tx.exec(APPEND, [accountId, rows.map((r) => r.block), rows.map((r) => r.minute), rows.map((r) => r.data)]);
        return { ok: true as const, newSeries: fresh.length, ids: series.map((s) => ids.get(s.fingerprint)!) };
      });
    },
    async find(accountId, name, since = 0) {
      const rows =
        name === null
          ? await pg.rows<SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = $1 AND last_updated >= $2 ORDER BY id`, [accountId, since])
          : await pg.rows<SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = $1 AND name = $2 AND last_updated >= $3 ORDER BY id`, [
              accountId, name, since,
            ]);
      return rows.map(toSeriesRecord);
    },
    async points(accountId, ids, fromMs, toMs) {
      if (ids.length === 0) return [];
      const [samples, legacy] = await Promise.all([samplesOf(pg, accountId, ids, fromMs, toMs), legacyPoints(pg, accountId, ids, fromMs, toMs)]);
      return minutePoints(samples, legacy);
    },
    async samples(accountId, ids, fromMs, toMs) {
      return ids.length === 0 ? [] : samplesOf(pg, accountId, ids, fromMs, toMs);
    },
    async compact(before) {
      const blocks = await pg.rows<{ account_id: number; block: number }>('SELECT DISTINCT account_id, block FROM series_samples WHERE minute < $1 ORDER BY account_id, block', [before]);
      let moved = 0;
      for (const { account_id: a, block } of blocks) moved += await compactBlock(pg, Number(a), Number(block), before);
      return moved;
    },
  };
}

/**
 * A series' samples: its hour chunks, then its block's rows not compacted yet, in one statement (one
 * snapshot: a compaction committing between two reads would move samples out of sight).
 */
async function samplesOf(pg: Pg, accountId: number, ids: readonly number[], fromMs: number, toMs: number) {
  const rows = await pg.rows<{ series_id: number | null; at: number; data: Buffer }>(
    `SELECT series_id, hour AS at, data FROM series_chunks WHERE account_id = $1 AND series_id = ANY($2::bigint[]) AND hour BETWEEN $3 AND $4
     UNION ALL
     SELECT NULL, minute, data FROM series_samples WHERE account_id = $1 AND block = ANY($5::bigint[]) AND minute BETWEEN $6 AND $7`,
    [accountId, ids, hourOf(fromMs), hourOf(toMs), blocksOf(ids), minuteOf(fromMs), minuteOf(toMs)],
  );
  const chunks: ChunkRow[] = [];
  const recent: BlockRow[] = [];
  for (const r of rows) {
    if (r.series_id === null) recent.push({ minute: Number(r.at), data: r.data });
    else chunks.push({ series_id: Number(r.series_id), hour: Number(r.at), data: r.data });
  }
  return readSamples(chunks, recent, new Set(ids), fromMs, toMs);
}

/** Moves one block's rows before `before` into its series' hour chunks (a replica compacting it too waits, then finds none). */
async function compactBlock(pg: Pg, accountId: number, block: number, before: number): Promise<number> {
  const hours = new Set<number>();
  const taken = await pg.rows<{ minute: number }>('SELECT minute FROM series_samples WHERE account_id = $1 AND block = $2 AND minute < $3', [accountId, block, before]);
  for (const r of taken) hours.add(Math.floor(Number(r.minute) / 3600) * 3600);
  await ensurePartitions(pg, SERIES_TABLES[1], hours);
  return pg.tx(async (tx) => {
    const rows = await tx.rows<{ minute: number; data: Buffer }>('DELETE FROM series_samples WHERE account_id = $1 AND block = $2 AND minute < $3 RETURNING minute, data', [
      accountId, block, before,
    ]);
    // Samples of a series removed meanwhile (retention) are dropped: its id is never given again.
    const live = await tx.rows<{ id: number }>('SELECT id FROM labelled_series WHERE account_id = $1 AND id BETWEEN $2 AND $3', [
      accountId, block * SERIES_BLOCK, (block + 1) * SERIES_BLOCK - 1,
    ]);
    const ids = new Set(live.map((r) => Number(r.id)));
    const chunks = chunkRows(rows.map((r) => ({ minute: Number(r.minute), data: r.data })), (id) => ids.has(id));
    if (chunks.length === 0) return 0;
    await tx.exec(APPEND_CHUNKS, [accountId, chunks.map((c) => c.seriesId), chunks.map((c) => c.hour), chunks.map((c) => c.data)]);
    return chunks.reduce((n, c) => n + c.data.length / 16, 0);
  });
}

/** Minutes folded by releases before samples were kept (series_minutes). */
async function legacyPoints(pg: Pg, accountId: number, ids: readonly number[], fromMs: number, toMs: number) {
  const rows = await pg.rows<{ series_id: number; last_ms: number; last: number | null }>(
    `SELECT series_id, last_ms, last FROM series_minutes
     WHERE account_id = $1 AND series_id = ANY($2::bigint[]) AND time BETWEEN $3 AND $4 AND last_ms BETWEEN $5 AND $6`,
    [accountId, ids, minuteOf(fromMs), minuteOf(toMs), fromMs, toMs],
  );
  return rows.map((r) => ({ seriesId: Number(r.series_id), lastMs: Number(r.last_ms), value: readLast(r.last) }));
}

/** Drops series not updated since `before` (their minutes go with the day partitions). */
export function pruneLabelledSeries(pg: Pg, before: number): Promise<number> {
  return pg.exec('DELETE FROM labelled_series WHERE last_updated < $1', [before]);
}

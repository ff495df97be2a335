import { mergeMinutes, readLast, SERIES_COLUMNS, storedLast, toSeriesRecord, type SeriesRow } from '../common/labelled-series';
import type { LabelledSeriesRepo } from '../repos/labelled-series';
import type { Pg } from './db';
import { ensurePartitions } from './partitions';

/** The time-partitioned table of series minutes (day partitions, see partitions.ts). */
export const SERIES_TABLES = [{ table: 'series_minutes', column: 'time' }] as const;

const FOLD = `
INSERT INTO series_minutes AS m (account_id, series_id, time, count, sum, min, max, last, last_ms)
SELECT $1, u.id, u.time, u.count, u.sum, u.min, u.max, u.last, u.last_ms
FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::bigint[])
  AS u(id, time, count, sum, min, max, last, last_ms)
ON CONFLICT (account_id, series_id, time) DO UPDATE SET
  count = m.count + excluded.count, sum = m.sum + excluded.sum,
  min = least(m.min, excluded.min), max = greatest(m.max, excluded.max),
  last = CASE WHEN excluded.last_ms >= m.last_ms THEN excluded.last ELSE m.last END,
  last_ms = greatest(m.last_ms, excluded.last_ms)`;

/** The PostgreSQL labelled-series repository (SQLite: sqlite/labelled-series.ts, same answers). */
export function pgLabelledSeries(pg: Pg): LabelledSeriesRepo {
  return {
    async write(accountId, series, maxSeries, at, cached = []) {
      const minutes = new Set<number>();
      for (const s of [...series, ...cached]) for (const m of s.minutes) minutes.add(m.minute);
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
        const rows = [...series.map((s) => ({ id: ids.get(s.fingerprint)!, minutes: s.minutes })), ...cached].flatMap((s) => s.minutes.map((m) => ({ id: s.id, ...m })));
        rows.sort((a, b) => a.id - b.id || a.minute - b.minute);
        // One row per series and minute: a series sent in two encodings (one known, one not) merges here.
        for (let i = rows.length - 1; i > 0; i--) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          if (a.id === b.id && a.minute === b.minute) rows.splice(i - 1, 2, { id: a.id, ...mergeMinutes(a, b) });
        }
        await tx.exec(FOLD, [
          accountId, rows.map((r) => r.id), rows.map((r) => r.minute), rows.map((r) => r.count), rows.map((r) => r.sum),
          rows.map((r) => r.min), rows.map((r) => r.max), rows.map((r) => storedLast(r.last)), rows.map((r) => r.lastMs),
        ]);
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
      const rows = await pg.rows<{ series_id: number; last_ms: number; last: number | null }>(
        `SELECT series_id, last_ms, last FROM series_minutes
         WHERE account_id = $1 AND series_id = ANY($2::bigint[]) AND time BETWEEN $3 AND $4 AND last_ms BETWEEN $5 AND $6
         ORDER BY series_id, time`,
        [accountId, ids, Math.floor(fromMs / 60_000) * 60, Math.floor(toMs / 60_000) * 60, fromMs, toMs],
      );
      return rows.map((r) => ({ seriesId: r.series_id, lastMs: r.last_ms, value: readLast(r.last) }));
    },
  };
}

/** Drops series not updated since `before` (their minutes go with the day partitions). */
export function pruneLabelledSeries(pg: Pg, before: number): Promise<number> {
  return pg.exec('DELETE FROM labelled_series WHERE last_updated < $1', [before]);
}

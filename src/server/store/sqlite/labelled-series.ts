import { readLast, SERIES_COLUMNS, storedLast, toSeriesRecord, type SeriesRow } from '../common/labelled-series';
import type { KnownSeriesWrite, LabelledSeriesRepo, SeriesMinute, SeriesPointRecord, SeriesWrite, SeriesWriteOutcome } from '../repos/labelled-series';
import type { Db } from './db';

/** Minutes folded by one statement (a statement per minute costs a third more of the write). */
const FOLD_ROWS = 64;
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';

// Folds minutes into the stored ones: counts and sums add, min/max ignore NULLs, the later sample is last.
const ON_CONFLICT = `
ON CONFLICT (account_id, series_id, time) DO UPDATE SET
  count = count + excluded.count, sum = sum + excluded.sum,
  min = CASE WHEN min IS NULL THEN excluded.min WHEN excluded.min IS NULL THEN min ELSE MIN(min, excluded.min) END,
  max = CASE WHEN max IS NULL THEN excluded.max WHEN excluded.max IS NULL THEN max ELSE MAX(max, excluded.max) END,
  last = CASE WHEN excluded.last_ms >= last_ms THEN excluded.last ELSE last END,
  last_ms = MAX(last_ms, excluded.last_ms)`;
const fold = (rows: number) =>
  `INSERT INTO series_minutes (account_id, series_id, time, count, sum, min, max, last, last_ms) VALUES ${Array<string>(rows).fill(ROW).join(', ')}${ON_CONFLICT}`;
// The same for minutes of one sample (not NaN) in one minute, the usual remote write (a sample per series
// a scrape): the account and the minute bound once, three values a row instead of nine (binding was a
// fifth of the insert's cost). WHERE true: SQLite's parser needs it before ON CONFLICT after a SELECT.
const foldSingles = (rows: number) => `
INSERT INTO series_minutes (account_id, series_id, time, count, sum, min, max, last, last_ms)
SELECT ?, column1, ?, 1, column2, column2, column2, column2, column3 FROM (VALUES ${Array<string>(rows).fill('(?, ?, ?)').join(', ')}) WHERE true${ON_CONFLICT}`;

/** A minute of one sample that is not NaN (sum, min, max and last are its value). */
const single = (m: SeriesMinute) => m.count === 1 && m.sum === m.last && m.min === m.last && m.max === m.last;

/** Whether points from `at` on are in time order. */
function inOrder(points: readonly SeriesPointRecord[], at: number): boolean {
  for (let i = at + 1; i < points.length; i++) if (points[i]!.lastMs < points[i - 1]!.lastMs) return false;
  return true;
}

/** The SQLite labelled-series repository (PostgreSQL: postgres/labelled-series.ts). */
export function sqliteLabelledSeries(db: Db): LabelledSeriesRepo {
  const idOf = db.prepare<[number, string], { id: number }>('SELECT id FROM labelled_series WHERE account_id = ? AND fingerprint = ?');
  const count = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM labelled_series WHERE account_id = ?');
  const insert = db.prepare<[number, string, string, string, number, number], { id: number }>(
    'INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const touch = db.prepare('UPDATE labelled_series SET last_updated = MAX(last_updated, ?) WHERE account_id = ? AND id = ?');
  // A known series is touched by id and fingerprint: SQLite may give a deleted series' id to a new one.
  const touchKnown = db.prepare('UPDATE labelled_series SET last_updated = MAX(last_updated, ?) WHERE account_id = ? AND id = ? AND fingerprint = ?');
  // A series' minute points as two JSON arrays (last_ms, last): a row per minute costs better-sqlite3
  // about three times as much as SQLite's JSON of the same values, which keeps every double exact.
  const pointsOf = db
    .prepare<[number, string, number, number, number, number], [number, string, string]>(
      `SELECT series_id, json_group_array(last_ms), json_group_array(last) FROM series_minutes
       WHERE account_id = ? AND series_id IN (SELECT value FROM json_each(?)) AND time BETWEEN ? AND ? AND last_ms BETWEEN ? AND ?
       GROUP BY series_id ORDER BY series_id`,
    )
    .raw(true);
  const findAll = db.prepare<[number, number], SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = ? AND last_updated >= ? ORDER BY id`);
  const findNamed = db.prepare<[number, string, number], SeriesRow>(
    `SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = ? AND name = ? AND last_updated >= ? ORDER BY id`,
  );
  const foldOne = db.prepare(fold(1));
  const foldMany = db.prepare(fold(FOLD_ROWS));

  const singlesMany = db.prepare(foldSingles(FOLD_ROWS));

  /** Folds the minutes of series by id, FOLD_ROWS a statement (one-sample minutes by minute, 3 values a row). */
  const foldAll = (accountId: number, ids: readonly number[], series: readonly { minutes: SeriesMinute[] }[]) => {
    const args: (number | null)[] = [];
    const singles = new Map<number, number[]>();
    series.forEach((s, i) => {
      for (const m of s.minutes) {
        if (single(m)) {
          let list = singles.get(m.minute);
          if (!list) singles.set(m.minute, (list = [accountId, m.minute]));
          list.push(ids[i]!, m.last, m.lastMs);
          if (list.length === 2 + FOLD_ROWS * 3) {
            singlesMany.run(list);
            list.length = 2;
          }
          continue;
        }
        args.push(accountId, ids[i]!, m.minute, m.count, m.sum, m.min, m.max, storedLast(m.last), m.lastMs);
        if (args.length === FOLD_ROWS * 9) {
          foldMany.run(args);
          args.length = 0;
        }
      }
    });
    // What is left of each minute's one-sample rows, by the nine-value statement.
    for (const [minute, list] of singles) {
      for (let k = 2; k < list.length; k += 3) args.push(accountId, list[k]!, minute, 1, list[k + 1]!, list[k + 1]!, list[k + 1]!, list[k + 1]!, list[k + 2]!);
    }
    for (let i = 0; i < args.length; i += FOLD_ROWS * 9) {
      const part = args.slice(i, i + FOLD_ROWS * 9);
      if (part.length === FOLD_ROWS * 9) foldMany.run(part);
      else for (let k = 0; k < part.length; k += 9) foldOne.run(part.slice(k, k + 9));
    }
  };

  const write = db.transaction(
    (accountId: number, series: readonly SeriesWrite[], maxSeries: number, at: number, cached: readonly KnownSeriesWrite[]): SeriesWriteOutcome => {
      const gone = cached.filter((c) => c.touch && touchKnown.run(at, accountId, c.id, c.fingerprint).changes === 0).map((c) => c.id);
      if (gone.length > 0) return { ok: false, gone };
      const known = series.map((s) => idOf.get(accountId, s.fingerprint)?.id);
      const adding = known.filter((id) => id === undefined).length;
      if (adding > 0) {
        const existing = count.get(accountId)!.n;
        if (existing + adding > maxSeries) return { ok: false, existing, adding };
      }
      const ids = series.map((s, i) => {
        const id = known[i] ?? insert.get(accountId, s.fingerprint, s.name, JSON.stringify(s.labels), at, at)!.id;
        if (known[i] !== undefined) touch.run(at, accountId, id);
        return id;
      });
      foldAll(accountId, ids, series);
      foldAll(accountId, cached.map((c) => c.id), cached);
      return { ok: true, newSeries: adding, ids };
    },
  );

  return {
    async write(accountId, series, maxSeries, at, known = []) {
      return write.immediate(accountId, series, maxSeries, at, known);
    },
    async find(accountId, name, since = 0) {
      const rows = name === null ? findAll.all(accountId, since) : findNamed.all(accountId, name, since);
      return rows.map(toSeriesRecord);
    },
    async points(accountId, ids, fromMs, toMs) {
      if (ids.length === 0) return [];
      const out: SeriesPointRecord[] = [];
      for (const [seriesId, times, values] of pointsOf.all(accountId, JSON.stringify(ids), Math.floor(fromMs / 60_000) * 60, Math.floor(toMs / 60_000) * 60, fromMs, toMs)) {
        const lastMs = JSON.parse(times) as number[];
        const last = JSON.parse(values) as (number | null)[];
        const at = out.length;
        for (let i = 0; i < lastMs.length; i++) out.push({ seriesId, lastMs: lastMs[i]!, value: readLast(last[i]!) });
        // The primary key's order is time order; sorted here should a plan ever read them otherwise.
        if (!inOrder(out, at)) out.splice(at, out.length - at, ...out.slice(at).sort((a, b) => a.lastMs - b.lastMs));
      }
      return out;
    },
  };
}

import type Database from 'better-sqlite3';
import { readLast, SERIES_COLUMNS, toSeriesRecord, type SeriesRow } from '../common/labelled-series';
import { blocksOf, chunkRows, hourOf, minuteOf, minutePoints, readSamples, sampleRows, SERIES_BLOCK, seriesSamples, type BlockRow, type ChunkOut, type ChunkRow } from '../common/series-samples';
import type { KnownSeriesWrite, LabelledSeriesRepo, SeriesPointRecord, SeriesWrite, SeriesWriteOutcome } from '../repos/labelled-series';
import type { Db } from './db';

// Appends a row's samples to the stored ones (|| concatenates blobs as text; the cast keeps the bytes).
const APPEND = `INSERT INTO series_samples (account_id, block, minute, data) VALUES (?, ?, ?, ?)
  ON CONFLICT (account_id, minute, block) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`;
/** Chunks appended by one statement of compaction. */
const CHUNK_ROWS = 32;
const appendChunks = (rows: number) => `INSERT INTO series_chunks (account_id, series_id, hour, data)
  SELECT ?, column1, column2, column3 FROM (VALUES ${Array<string>(rows).fill('(?, ?, ?)').join(', ')}) WHERE true
  ON CONFLICT (account_id, hour, series_id) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`;
// Chunks of series and hours that have none yet (the usual case): a plain insert costs a fifth less.
const insertChunks = (rows: number) => `INSERT INTO series_chunks (account_id, series_id, hour, data)
  SELECT ?, column1, column2, column3 FROM (VALUES ${Array<string>(rows).fill('(?, ?, ?)').join(', ')})`;

/** Blocks of series moved to hour chunks by one transaction of compaction (16 x 256 series). */
const COMPACT_BLOCKS = 16;
/** Minutes of recent rows a read seeks one by one at most. */
const MAX_SEEKS = 5000;

/**
 * The rows of keys from..to (step apart) within the span the table holds: one seek each through
 * `seek` (the keys as a JSON list), or past MAX_SEEKS keys one scan of the range through `scan`.
 */
function seekEach<R>(span: { lo: number | null; hi: number | null }, from: number, to: number, step: number, seek: (list: string) => R[], scan: (lo: number, hi: number) => R[]): R[] {
  if (span.lo === null || span.hi === null) return [];
  const [lo, hi] = [Math.max(span.lo, from), Math.min(span.hi, to)];
  if (hi < lo) return [];
  if ((hi - lo) / step > MAX_SEEKS) return scan(lo, hi);
  return seek(JSON.stringify(Array.from({ length: Math.floor((hi - lo) / step) + 1 }, (_, k) => lo + k * step)));
}

/** The SQLite labelled-series repository (PostgreSQL: postgres/labelled-series.ts). */
export function sqliteLabelledSeries(db: Db): LabelledSeriesRepo {
  const idOf = db.prepare<[number, string], { id: number }>('SELECT id FROM labelled_series WHERE account_id = ? AND fingerprint = ?');
  const count = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM labelled_series WHERE account_id = ?');
  const insert = db.prepare<[number, string, string, string, number, number], { id: number }>(
    'INSERT INTO labelled_series (account_id, fingerprint, name, labels, create_time, last_updated) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const touch = db.prepare('UPDATE labelled_series SET last_updated = MAX(last_updated, ?) WHERE account_id = ? AND id = ?');
  // A known series is touched by id and fingerprint (one removed by retention is found gone).
  const touchKnown = db.prepare('UPDATE labelled_series SET last_updated = MAX(last_updated, ?) WHERE account_id = ? AND id = ? AND fingerprint = ?');
  // Minutes folded by releases before samples were kept (series_minutes, no longer written), as two
  // JSON arrays (last_ms, last): SQLite's JSON of a row's values costs a third of reading the rows.
  const legacyOf = db
    .prepare<[number, string, number, number, number, number], [number, string, string]>(
      `SELECT series_id, json_group_array(last_ms), json_group_array(last) FROM series_minutes
       WHERE account_id = ? AND series_id IN (SELECT value FROM json_each(?)) AND time BETWEEN ? AND ? AND last_ms BETWEEN ? AND ?
       GROUP BY series_id ORDER BY series_id`,
    )
    .raw(true);
  // Recent rows are keyed by minute first: a read seeks each minute of the window not compacted yet.
  const recentSpan = db.prepare<[number, number], { lo: number | null; hi: number | null }>(
    'SELECT (SELECT MIN(minute) FROM series_samples WHERE account_id = ?) AS lo, (SELECT MAX(minute) FROM series_samples WHERE account_id = ?) AS hi',
  );
  const recentOf = db.prepare<[number, string, string], BlockRow>(
    'SELECT minute, data FROM series_samples WHERE account_id = ? AND minute IN (SELECT value FROM json_each(?)) AND block IN (SELECT value FROM json_each(?))',
  );
  // Past MAX_SEEKS minutes (samples far apart in time not compacted yet) one scan of the span instead.
  const recentSpanOf = db.prepare<[number, number, number, string], BlockRow>(
    'SELECT minute, data FROM series_samples WHERE account_id = ? AND minute BETWEEN ? AND ? AND block IN (SELECT value FROM json_each(?))',
  );
  // Chunks are keyed by hour first: a read seeks each hour of its window (past MAX_SEEKS, one scan).
  const chunksOf = db.prepare<[number, string, string], ChunkRow>(
    'SELECT series_id, hour, data FROM series_chunks WHERE account_id = ? AND hour IN (SELECT value FROM json_each(?)) AND series_id IN (SELECT value FROM json_each(?))',
  );
  const chunkSpanOf = db.prepare<[number, number, number, string], ChunkRow>(
    'SELECT series_id, hour, data FROM series_chunks WHERE account_id = ? AND hour BETWEEN ? AND ? AND series_id IN (SELECT value FROM json_each(?))',
  );
  const chunkSpan = db.prepare<[number, number], { lo: number | null; hi: number | null }>(
    'SELECT (SELECT MIN(hour) FROM series_chunks WHERE account_id = ?) AS lo, (SELECT MAX(hour) FROM series_chunks WHERE account_id = ?) AS hi',
  );
  const append = db.prepare(APPEND);
  const samplesOf = db.transaction((accountId: number, ids: readonly number[], fromMs: number, toMs: number) => {
    // One read transaction: a compaction between the two reads would move samples out of sight.
    const idList = JSON.stringify(ids);
    const chunks = seekEach(chunkSpan.get(accountId, accountId)!, hourOf(fromMs), hourOf(toMs), 3600, (list) => chunksOf.all(accountId, list, idList), (lo, hi) =>
      chunkSpanOf.all(accountId, lo, hi, idList),
    );
    const blocks = JSON.stringify(blocksOf(ids));
    const rows = seekEach(recentSpan.get(accountId, accountId)!, minuteOf(fromMs), minuteOf(toMs), 60, (list) => recentOf.all(accountId, list, blocks), (lo, hi) =>
      recentSpanOf.all(accountId, lo, hi, blocks),
    );
    return readSamples(chunks, rows, new Set(ids), fromMs, toMs);
  });
  // Compaction finds accounts and minutes one seek each, then moves COMPACT_BLOCKS blocks of every minute a transaction.
  const nextAccount = db.prepare<[number], { a: number }>('SELECT account_id AS a FROM series_samples WHERE account_id > ? ORDER BY account_id LIMIT 1');
  const nextMinute = db.prepare<[number, number, number], { m: number }>(
    'SELECT minute AS m FROM series_samples WHERE account_id = ? AND minute > ? AND minute < ? ORDER BY minute LIMIT 1',
  );
  const blockSpan = db.prepare<[number, number, number, number], { lo: number; hi: number }>(
    'SELECT (SELECT MIN(block) FROM series_samples WHERE account_id = ? AND minute = ?) AS lo, (SELECT MAX(block) FROM series_samples WHERE account_id = ? AND minute = ?) AS hi',
  );
  const take = db.prepare<[number, number, number, number], BlockRow>(
    'DELETE FROM series_samples WHERE account_id = ? AND minute = ? AND block BETWEEN ? AND ? RETURNING minute, data',
  );
  /** Writes chunks CHUNK_ROWS a statement (`many`), the rest one by one (`one`). */
  const chunkWriter = (many: Database.Statement, one: Database.Statement) => (accountId: number, chunks: readonly ChunkOut[]) => {
    const args: (number | Buffer)[] = [accountId];
    for (const c of chunks) {
      args.push(c.seriesId, c.hour, c.data);
      if (args.length === 1 + CHUNK_ROWS * 3) {
        many.run(args);
        args.length = 1;
      }
    }
    for (let k = 1; k < args.length; k += 3) one.run(accountId, args[k]!, args[k + 1]!, args[k + 2]!);
  };
  const appendTo = chunkWriter(db.prepare(appendChunks(CHUNK_ROWS)), db.prepare(appendChunks(1)));
  const insertNew = chunkWriter(db.prepare(insertChunks(CHUNK_ROWS)), db.prepare(insertChunks(1)));
  const chunked = db.prepare<[number, number, number, number], number>(
    'SELECT series_id FROM series_chunks WHERE account_id = ? AND hour = ? AND series_id BETWEEN ? AND ?',
  ).pluck();
  const liveIds = db.prepare<[number, number, number], number>('SELECT id FROM labelled_series WHERE account_id = ? AND id BETWEEN ? AND ?').pluck();
  const compactBlocks = db.transaction((accountId: number, minutes: readonly number[], lo: number, hi: number) => {
    const [first, last] = [lo * SERIES_BLOCK, (hi + 1) * SERIES_BLOCK - 1];
    // Samples of a series removed meanwhile (retention) are dropped: its id is never given again.
    const live = new Set(liveIds.all(accountId, first, last));
    const chunks = chunkRows(minutes.flatMap((m) => take.all(accountId, m, lo, hi)), (id) => live.has(id));
    // A late sample's hour may have chunks already: those are appended to, the others inserted.
    const have = new Map<number, Set<number>>();
    for (const hour of new Set(chunks.map((c) => c.hour))) have.set(hour, new Set(chunked.all(accountId, hour, first, last)));
    const exists = (c: ChunkOut) => have.get(c.hour)!.has(c.seriesId);
    insertNew(accountId, chunks.filter((c) => !exists(c)));
    appendTo(accountId, chunks.filter(exists));
    return chunks.reduce((n, c) => n + c.data.length / 16, 0);
  });
  /** The account's minutes before `before` with recent rows, and the blocks they span. */
  const pendingOf = (accountId: number, before: number) => {
    const minutes: number[] = [];
    let [lo, hi] = [Infinity, -Infinity];
    for (let m = nextMinute.get(accountId, -Infinity, before); m; m = nextMinute.get(accountId, m.m, before)) {
      minutes.push(m.m);
      const span = blockSpan.get(accountId, m.m, accountId, m.m)!;
      [lo, hi] = [Math.min(lo, span.lo), Math.max(hi, span.hi)];
    }
    return { minutes, lo, hi };
  };

  const legacyPoints = (accountId: number, ids: readonly number[], fromMs: number, toMs: number) => {
    const out: SeriesPointRecord[] = [];
    for (const [seriesId, times, values] of legacyOf.all(accountId, JSON.stringify(ids), minuteOf(fromMs), minuteOf(toMs), fromMs, toMs)) {
      const lastMs = JSON.parse(times) as number[];
      const last = JSON.parse(values) as (number | null)[];
      for (let i = 0; i < lastMs.length; i++) out.push({ seriesId, lastMs: lastMs[i]!, value: readLast(last[i]!) });
    }
    return out;
  };
  const findAll = db.prepare<[number, number], SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = ? AND last_updated >= ? ORDER BY id`);
  const findNamed = db.prepare<[number, string, number], SeriesRow>(
    `SELECT ${SERIES_COLUMNS} FROM labelled_series WHERE account_id = ? AND name = ? AND last_updated >= ? ORDER BY id`,
  );

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
      const rows = sampleRows([...series.map((s, i) => seriesSamples(ids[i]!, s)), ...cached.map((c) => seriesSamples(c.id, c))]);
      for (const r of rows) append.run(accountId, r.block, r.minute, r.data);
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
      return minutePoints(samplesOf(accountId, ids, fromMs, toMs), legacyPoints(accountId, ids, fromMs, toMs));
    },
    async samples(accountId, ids, fromMs, toMs) {
      return ids.length === 0 ? [] : samplesOf(accountId, ids, fromMs, toMs);
    },
    async compact(before) {
      let moved = 0;
      for (let a = nextAccount.get(-Infinity); a; a = nextAccount.get(a.a)) {
        const { minutes, lo, hi } = pendingOf(a.a, before);
        for (let b = lo; b <= hi; b += COMPACT_BLOCKS) {
          moved += compactBlocks.immediate(a.a, minutes, b, b + COMPACT_BLOCKS - 1);
          // Requests go on between transactions (a closed hour of 160,000 series is 40 of them).
          await new Promise(setImmediate);
        }
      }
      return moved;
    },
  };
}

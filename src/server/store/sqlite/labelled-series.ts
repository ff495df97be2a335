import { readLast, SERIES_COLUMNS, toSeriesRecord, type SeriesRow } from '../common/labelled-series';
import { blocksOf, chunkRows, hourOf, minutePoints, readSamples, sampleRows, type BlockRow, type ChunkRow } from '../common/series-samples';
import type { KnownSeriesWrite, LabelledSeriesRepo, SeriesPointRecord, SeriesWrite, SeriesWriteOutcome } from '../repos/labelled-series';
import type { Db } from './db';

// Appends a row's samples to the stored ones (|| concatenates blobs as text; the cast keeps the bytes).
const APPEND = `INSERT INTO series_samples (account_id, block, minute, data) VALUES (?, ?, ?, ?)
  ON CONFLICT (account_id, block, minute) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`;
// Samples of a series removed meanwhile (retention) are dropped: its id is never given again.
const APPEND_CHUNK = `INSERT INTO series_chunks (account_id, series_id, hour, data)
  SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM labelled_series WHERE account_id = ? AND id = ?)
  ON CONFLICT (account_id, series_id, hour) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`;

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
  const blockRows = db.prepare<[number, number, number, number], BlockRow>('SELECT minute, data FROM series_samples WHERE account_id = ? AND block = ? AND minute BETWEEN ? AND ?');
  const chunksOf = db.prepare<[number, string, number, number], ChunkRow>(
    'SELECT series_id, hour, data FROM series_chunks WHERE account_id = ? AND series_id IN (SELECT value FROM json_each(?)) AND hour BETWEEN ? AND ?',
  );
  const append = db.prepare(APPEND);
  const samplesOf = db.transaction((accountId: number, ids: readonly number[], fromMs: number, toMs: number) => {
    // One read transaction: a compaction between the two reads would move samples out of sight.
    const [from, to] = [Math.floor(fromMs / 60_000) * 60, Math.floor(toMs / 60_000) * 60];
    const chunks = chunksOf.all(accountId, JSON.stringify(ids), hourOf(fromMs), hourOf(toMs));
    const rows = blocksOf(ids).flatMap((b) => blockRows.all(accountId, b, from, to));
    return readSamples(chunks, rows, new Set(ids), fromMs, toMs);
  });
  const pending = db.prepare<[number], { account_id: number; block: number }>('SELECT DISTINCT account_id, block FROM series_samples WHERE minute < ? ORDER BY account_id, block');
  const take = db.prepare<[number, number, number], BlockRow>('DELETE FROM series_samples WHERE account_id = ? AND block = ? AND minute < ? RETURNING minute, data');
  const appendChunk = db.prepare(APPEND_CHUNK);
  const compactBlock = db.transaction((accountId: number, block: number, before: number) => {
    let moved = 0;
    for (const c of chunkRows(take.all(accountId, block, before))) {
      appendChunk.run(accountId, c.seriesId, c.hour, c.data, accountId, c.seriesId);
      moved += c.data.length / 16;
    }
    return moved;
  });
  const legacyPoints = (accountId: number, ids: readonly number[], fromMs: number, toMs: number) => {
    const out: SeriesPointRecord[] = [];
    for (const [seriesId, times, values] of legacyOf.all(accountId, JSON.stringify(ids), Math.floor(fromMs / 60_000) * 60, Math.floor(toMs / 60_000) * 60, fromMs, toMs)) {
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
      const rows = sampleRows([...series.map((s, i) => ({ id: ids[i]!, ms: s.ms, values: s.values })), ...cached]);
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
      for (const { account_id: a, block } of pending.all(before)) {
        moved += compactBlock.immediate(a, block, before);
        // Requests go on between blocks (a closed hour of 160,000 series is 2,500 blocks).
        await new Promise(setImmediate);
      }
      return moved;
    },
  };
}

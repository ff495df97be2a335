import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_SECONDS, compactSeries } from '../../services/labelled-series';
import { startTestService, type TestService } from '../../testing/harness';
import type { SeriesSampleRecord, SeriesWrite } from '../repos/labelled-series';
import type { Store } from '../store';
import { openTestStoreAgain } from '../test-store';

// Labelled series keep every sample (store/common/series-samples.ts): recent rows per block of 64
// series and minute, compacted into a row per series and hour once the hour has closed. Reads answer
// the same before and after compaction, on both stores.
let svc: TestService;
let store: Store;
let other: number;
beforeAll(async () => {
  svc = await startTestService({});
  store = svc.deps.store;
  other = svc.other.id;
});
afterAll(() => svc.close());

const H = 3_600_000;
const base = Math.floor(Date.UTC(2026, 10, 20, 10) / H) * H;
const END = 8.64e15;

/** 70 series (two blocks), each with samples given by `samples(i)`. */
const fleet = (name: string, samples: (i: number) => [number, number][]): SeriesWrite[] =>
  Array.from({ length: 70 }, (_, i) => ({
    fingerprint: `${name}-${i}`,
    name,
    labels: { i: String(i) },
    ms: samples(i).map(([ms]) => ms),
    values: samples(i).map(([, v]) => v),
  }));

const write = async (accountId: number, series: SeriesWrite[]) => {
  const out = await store.labelledSeries.write(accountId, series, 1_000_000, Math.floor(base / 1000));
  if (!out.ok) throw new Error(JSON.stringify(out));
  return out.ids;
};

/** What the samples of `ids` should read as: by series, then time, then the order written. */
const expected = (ids: number[], samples: (i: number) => [number, number][]): SeriesSampleRecord[] =>
  ids.flatMap((id, i) =>
    samples(i)
      .map(([ms, value], k) => ({ seriesId: id, ms, value, k }))
      .sort((a, b) => a.ms - b.ms || a.k - b.k)
      .map(({ seriesId, ms, value }) => ({ seriesId, ms, value })),
  );

describe('labelled series samples', () => {
  // Two hours and the start of a third; several samples a minute, one out of order, NaN, a tie.
  const samples = (i: number): [number, number][] => [
    [base + 60_000 + 1_000, i],
    [base + 60_000 + 30_000, i + 0.5],
    [base + 60_000 + 10_000, NaN],
    [base + H + 59 * 60_000, -i],
    [base + H + 59 * 60_000, i * 2],
    [base + 2 * H + 5_000, 1e-310],
  ];
  let ids: number[];
  let otherIds: number[];

  beforeAll(async () => {
    ids = await write(svc.account.id, fleet('kept', samples));
    otherIds = await write(other, fleet('kept', (i) => [[base + 60_000, 1000 + i]]));
  });

  it('answers every sample, and each minute\'s last, before and after compaction', async () => {
    const before = await store.labelledSeries.samples(svc.account.id, ids, 0, END);
    expect(before).toEqual(expected(ids, samples));
    const points = await store.labelledSeries.points(svc.account.id, ids, 0, END);
    const [p0, p1, p2] = points.filter((p) => p.seriesId === ids[3]);
    expect(p0).toEqual({ seriesId: ids[3], lastMs: base + 60_000 + 30_000, value: 3.5 });
    // Of two samples at one timestamp the later written is the minute's last.
    expect(p1).toEqual({ seriesId: ids[3], lastMs: base + H + 59 * 60_000, value: 6 });
    expect(p2).toEqual({ seriesId: ids[3], lastMs: base + 2 * H + 5_000, value: 1e-310 });
    expect(points).toHaveLength(70 * 3);

    // The two closed hours move (70 series x 5 samples); the third hour's samples stay recent.
    expect(await store.labelledSeries.compact(Math.floor((base + 2 * H) / 1000))).toBe(70 * 5 + 70);
    expect(await store.labelledSeries.samples(svc.account.id, ids, 0, END)).toEqual(before);
    expect(await store.labelledSeries.points(svc.account.id, ids, 0, END)).toEqual(points);
    // Nothing left to move; the other account's series kept their own samples.
    expect(await store.labelledSeries.compact(Math.floor((base + 2 * H) / 1000))).toBe(0);
    expect((await store.labelledSeries.samples(other, otherIds, 0, END)).map((s) => s.value)).toEqual(otherIds.map((_, i) => 1000 + i));
    expect(await store.labelledSeries.samples(other, ids, 0, END)).toEqual([]);
  });

  it('reads a window within hours and minutes, and a late sample of a compacted hour after the earlier ones', async () => {
    const window = await store.labelledSeries.samples(svc.account.id, [ids[69]!], base + 60_000 + 10_000, base + H + 59 * 60_000);
    expect(window.map((s) => s.value)).toEqual([NaN, 69.5, -69, 138]);
    // A late sample for a compacted minute, at the same timestamp as one stored: it is the minute's last.
    await write(svc.account.id, [{ fingerprint: 'kept-69', name: 'kept', labels: { i: '69' }, ms: [base + H + 59 * 60_000], values: [7] }]);
    const late = async () => (await store.labelledSeries.points(svc.account.id, [ids[69]!], base + H, base + 2 * H - 1)).map((p) => p.value);
    expect(await late()).toEqual([7]);
    expect(await store.labelledSeries.compact(Math.floor((base + 2 * H) / 1000))).toBe(1);
    expect(await late()).toEqual([7]);
    expect((await store.labelledSeries.samples(svc.account.id, [ids[69]!], base + H, base + 2 * H - 1)).map((s) => s.value)).toEqual([-69, 138, 7]);
  });

  it('keeps the bytes of every double exactly, and shows what one connection writes to another at once', async () => {
    const doubles = [0.1 + 0.2, 1 / 3, Infinity, -Infinity, 2 ** 53 + 2, -1.5e300, 0, -0, 5e-324];
    const [id] = await write(svc.account.id, [{ fingerprint: 'doubles', name: 'doubles', labels: {}, ms: doubles.map((_, k) => base + k * 1000), values: doubles }]);
    const again = await openTestStoreAgain(svc.dataDir, svc.storeEnv);
    try {
      const read = async (s: Store) => (await s.labelledSeries.samples(svc.account.id, [id!], 0, END)).map((s) => s.value);
      expect(await read(again)).toEqual(doubles);
      expect(await again.labelledSeries.compact(Math.floor((base + H) / 1000))).toBeGreaterThanOrEqual(doubles.length);
      expect(await read(store)).toEqual(doubles);
      expect(Object.is((await read(store))[7], -0)).toBe(true);
    } finally {
      await again.close();
    }
  });
});

describe('minutes folded by earlier releases (series_minutes)', () => {
  it('are read with the samples; a sample wins its minute at the same timestamp, the later one otherwise', async () => {
    const t = base + 20 * H;
    const [id] = await write(svc.account.id, [{ fingerprint: 'legacy', name: 'legacy', labels: {}, ms: [t + 60_000 + 5_000, t + 120_000 + 1_000], values: [10, 20] }]);
    const minute = (ms: number, lastMs: number, last: number | null) =>
      svc.sql.run('INSERT INTO series_minutes (account_id, series_id, time, count, sum, min, max, last, last_ms) VALUES (?, ?, ?, 1, 0, 0, 0, ?, ?)', svc.account.id, id, Math.floor(ms / 60_000) * 60, last, lastMs);
    await minute(t, t + 30_000, null); // a minute of its own (NaN was stored as NULL)
    await minute(t + 60_000, t + 60_000 + 5_000, 1); // the same timestamp as a sample: the sample wins
    await minute(t + 120_000, t + 120_000 + 9_000, 2); // later than the sample of its minute: it wins
    const points = await store.labelledSeries.points(svc.account.id, [id!], t, t + H);
    expect(points.map((p) => [p.lastMs - t, p.value])).toEqual([[30_000, NaN], [65_000, 10], [129_000, 2]]);
    expect(await store.labelledSeries.points(other, [id!], t, t + H)).toEqual([]);
  });
});

describe('a series removed before its samples are compacted', () => {
  it('leaves them out of the chunks, and its neighbours in', async () => {
    const t = base + 30 * H;
    const ids = await write(svc.account.id, [0, 1].map((i) => ({ fingerprint: `removed-${i}`, name: 'removed', labels: { i: String(i) }, ms: [t + 1000], values: [i + 1] })));
    await svc.sql.run('DELETE FROM labelled_series WHERE account_id = ? AND id = ?', svc.account.id, ids[0]);
    await store.labelledSeries.compact(Math.floor(t / 1000));
    expect(await store.labelledSeries.compact(Math.floor((t + H) / 1000))).toBe(1);
    expect(await store.labelledSeries.samples(svc.account.id, ids, 0, END)).toEqual([{ seriesId: ids[1], ms: t + 1000, value: 2 }]);
  });
});

describe('the compaction job', () => {
  it('moves an hour once it closed five minutes ago, not before', async () => {
    const hour = base + 10 * H;
    await store.labelledSeries.compact(Math.floor(hour / 1000));
    const [id] = await write(svc.account.id, [{ fingerprint: 'job', name: 'job', labels: {}, ms: [hour + 1000, hour + H - 1000], values: [1, 2] }]);
    expect(await compactSeries(store, Math.floor((hour + H) / 1000) + COMPACT_AFTER_SECONDS - 1)).toBe(0);
    expect(await compactSeries(store, Math.floor((hour + H) / 1000) + COMPACT_AFTER_SECONDS)).toBe(2);
    expect((await store.labelledSeries.samples(svc.account.id, [id!], 0, END)).map((s) => s.value)).toEqual([1, 2]);
  });
});

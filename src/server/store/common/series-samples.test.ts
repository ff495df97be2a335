import { describe, expect, it } from 'vitest';
import { chunkRows, hourOf, sampleRows, type BlockRow } from './series-samples';

/** The chunks as the obvious reading defines them: rows by minute, each series' samples per hour in that order. */
function reference(rows: readonly BlockRow[], keep: (id: number) => boolean) {
  const chunks = new Map<string, { seriesId: number; hour: number; pairs: number[] }>();
  for (const row of [...rows].sort((a, b) => a.minute - b.minute)) {
    const f = new Float64Array(new Uint8Array(row.data).buffer);
    for (let k = 0; k < f.length; k += 3) {
      const [id, ms, value] = [f[k]!, f[k + 1]!, f[k + 2]!];
      if (!keep(id)) continue;
      const hour = hourOf(row.minute * 1000);
      const key = `${id}/${hour}`;
      if (!chunks.has(key)) chunks.set(key, { seriesId: id, hour, pairs: [] });
      chunks.get(key)!.pairs.push(ms, value);
    }
  }
  return [...chunks.values()].sort((a, b) => a.seriesId - b.seriesId || a.hour - b.hour);
}

const asPairs = (data: Buffer) => [...new Float64Array(new Uint8Array(data).buffer)];

/** Rows as a writer stores them: random series of `ids`, a few samples each, over `minutes`. */
function randomRows(ids: readonly number[], minutes: readonly number[], seed: number): BlockRow[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows: BlockRow[] = [];
  for (let w = 0; w < 6; w++) {
    const series = ids.filter(() => next() < 0.6).map((id) => {
      const ms: number[] = [];
      const values: number[] = [];
      for (let n = Math.floor(next() * 3); n >= 0; n--) {
        ms.push(minutes[Math.floor(next() * minutes.length)]! * 1000 + Math.floor(next() * 60_000));
        values.push(next() < 0.1 ? NaN : next() * 100 - 50);
      }
      return { id, ms, values };
    });
    // Each write appends to its rows (as `data || new` does), so a row holds several writes in order.
    for (const r of sampleRows(series)) {
      const same = rows.find((o) => o.minute === r.minute && o.data.length > 0 && new Float64Array(new Uint8Array(o.data).buffer)[0]! >> 8 === r.block);
      if (same) same.data = Buffer.concat([same.data, r.data]);
      else rows.push({ minute: r.minute, data: Buffer.from(r.data) });
    }
  }
  return rows;
}

describe('chunkRows', () => {
  const hour = 1_795_000_000 - (1_795_000_000 % 3600);
  const minutes = [0, 1, 59, 60, 61, 125].map((m) => hour + m * 60);

  it.each([1, 2, 3, 4, 5])('gives every kept sample to its series and hour in the order written (seed %i)', (seed) => {
    const ids = Array.from({ length: 700 }, (_, i) => 5000 + i);
    const rows = randomRows(ids, minutes, seed);
    const keep = (id: number) => id % 7 !== 3;
    const got = chunkRows(rows, keep).map((c) => ({ seriesId: c.seriesId, hour: c.hour, pairs: asPairs(c.data) }));
    const want = reference(rows, keep);
    expect(got.length).toBeGreaterThan(500);
    expect(got).toEqual(want);
    expect(got.some((c) => c.seriesId % 7 === 3)).toBe(false);
  });

  it('splits a long backlog over many hours and still answers in series, then hour, order', () => {
    // Two series a million ids apart over 8 hours: more slots than one pass counts.
    const ids = [10, 1_000_000];
    const many = Array.from({ length: 8 }, (_, h) => hour + h * 3600 + 60 * h);
    const rows = randomRows(ids, many, 9);
    const got = chunkRows(rows).map((c) => ({ seriesId: c.seriesId, hour: c.hour, pairs: asPairs(c.data) }));
    expect(got).toEqual(reference(rows, () => true));
    expect(new Set(got.map((c) => c.hour)).size).toBeGreaterThan(4);
  });

  it('gives nothing for no rows, and refuses rows of series too far apart', () => {
    expect(chunkRows([])).toEqual([]);
    const far = sampleRows([{ id: 1, ms: [hour * 1000], values: [1] }, { id: 5_000_000, ms: [hour * 1000], values: [2] }]);
    expect(() => chunkRows([{ minute: hour, data: Buffer.concat(far.map((r) => r.data)) }])).toThrow(/not neighbouring blocks/);
  });
});

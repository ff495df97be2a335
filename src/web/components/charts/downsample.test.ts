import { describe, expect, it } from 'vitest';
import { lttb, m4, type ChartRow } from './downsample';

const series = (n: number, f: (i: number) => number): ChartRow[] => Array.from({ length: n }, (_, i) => ({ time: i * 60, a: f(i) }));

describe('m4', () => {
  it('leaves short series alone', () => {
    const rows = series(100, (i) => i);
    expect(m4(rows, ['a'], 800)).toEqual(rows);
  });
  it('keeps at most 4 rows per pixel column for one series', () => {
    const rows = series(10_080, (i) => Math.sin(i / 50));
    const out = m4(rows, ['a'], 600);
    expect(out.length).toBeLessThanOrEqual(600 * 4);
    expect(out.length).toBeLessThan(rows.length);
  });
  it('keeps every extreme, the first and the last row', () => {
    const rows = series(10_000, (i) => (i === 4321 ? 1000 : i === 777 ? -1000 : 1));
    const out = m4(rows, ['a'], 100);
    const values = out.map((r) => r.a);
    expect(values).toContain(1000);
    expect(values).toContain(-1000);
    expect(out[0]).toBe(rows[0]);
    expect(out.at(-1)).toBe(rows.at(-1));
  });
  it('keeps the extremes of every series and stays in time order', () => {
    const rows: ChartRow[] = Array.from({ length: 5000 }, (_, i) => ({ time: i, a: i === 10 ? 99 : 0, b: i === 4000 ? -5 : 0 }));
    const out = m4(rows, ['a', 'b'], 50);
    expect(out.some((r) => r.a === 99)).toBe(true);
    expect(out.some((r) => r.b === -5)).toBe(true);
    expect(out.map((r) => r.time)).toEqual([...out.map((r) => r.time)].sort((x, y) => x - y));
  });
  it('ignores missing values', () => {
    const rows: ChartRow[] = Array.from({ length: 3000 }, (_, i) => ({ time: i, a: i % 2 ? null : i }));
    expect(m4(rows, ['a'], 10).every((r) => r.time >= 0)).toBe(true);
  });
});

describe('lttb', () => {
  it('returns the threshold count, with both ends', () => {
    const pts = Array.from({ length: 1000 }, (_, i) => ({ x: i, y: Math.sin(i / 10) }));
    const out = lttb(pts, 100);
    expect(out).toHaveLength(100);
    expect(out[0]).toBe(pts[0]);
    expect(out.at(-1)).toBe(pts.at(-1));
  });
  it('keeps a lone spike', () => {
    const pts = Array.from({ length: 1000 }, (_, i) => ({ x: i, y: i === 500 ? 50 : 0 }));
    expect(lttb(pts, 20).some((p) => p.y === 50)).toBe(true);
  });
});

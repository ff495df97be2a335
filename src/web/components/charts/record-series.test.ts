import { describe, expect, it } from 'vitest';
import { chartData, numeric, partRows, parts, scalarRows, SERVER_CHARTS } from './record-series';

const recs = [
  { time: 180, cpu: 30, cpu_cores: { '0': 10, '1': 50 }, memory: 100 },
  { time: 60, cpu: 10, cpu_cores: { '0': 5 } },
  { time: 120, cpu: { avg: 20, max: 40 }, cpu_cores: { '0': 6, '1': 7 } },
];

describe('numeric and parts', () => {
  it.each([
    [5, 5],
    [{ avg: 2, max: 9 }, 2],
    [{ val: 3 }, 3],
    ['7', null],
    [null, null],
    [Number.NaN, null],
  ])('numeric(%j) = %j', (v, n) => expect(numeric(v)).toBe(n));
  it('reads per-part objects and ignores junk', () => {
    expect(parts({ a: 1, b: { avg: 2 }, c: 'x' })).toEqual({ a: 1, b: 2 });
    expect(parts([1, 2])).toEqual({});
  });
});

describe('scalarRows', () => {
  it('orders by time and keeps missing values as null', () => {
    expect(scalarRows(recs, ['cpu', 'memory'])).toEqual([
      { time: 60, cpu: 10, memory: null },
      { time: 120, cpu: 20, memory: null },
      { time: 180, cpu: 30, memory: 100 },
    ]);
  });
});

describe('partRows', () => {
  it('makes one series per part', () => {
    const { rows, parts: names } = partRows(recs, 'cpu_cores');
    expect(names).toEqual(['0', '1']);
    expect(rows).toEqual([
      { time: 60, p0: 5, p1: null },
      { time: 120, p0: 6, p1: 7 },
      { time: 180, p0: 10, p1: 50 },
    ]);
  });
  it('keeps the parts with the highest peaks', () => {
    const many = [{ time: 0, d: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`c${i}`, i])) }];
    expect(partRows(many, 'd', 3).parts).toEqual(['c17', 'c18', 'c19']);
  });
});

describe('chartData', () => {
  it('skips charts whose fields are absent', () => {
    const disk = SERVER_CHARTS.find((c) => c.title === 'Disk usage')!;
    expect(chartData(recs, disk)).toBeNull();
    const net = SERVER_CHARTS.find((c) => c.title === 'Memory used')!;
    expect(chartData(recs, net)?.series).toEqual([{ key: 'memory', label: 'Memory' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { polledUnit, statusSegments, valueCharts } from './to-series';

const recs: { time: number; status?: string; values?: Record<string, unknown[]> }[] = [
  { time: 300, status: 'WARNING', values: { load: ['load', { val: 6 }, 'd', { warn: 5, crit: 10 }] } },
  { time: 0, status: 'OK', values: { load: ['load', { val: 1 }, 'd'] } },
  { time: 600, status: 'WARNING', values: { load: ['load', { val: 7 }, 'd', { warn: 5, crit: 10 }], rta: ['rta', { avg: 0.5 }, 'ms'] } },
  { time: 900 },
];

describe('statusSegments', () => {
  it('merges runs of one status, missing status as UNKNOWN', () => {
    expect(statusSegments(recs, 300)).toEqual([
      { status: 'OK', from: 0, to: 300 },
      { status: 'WARNING', from: 300, to: 900 },
      { status: 'UNKNOWN', from: 900, to: 1200 },
    ]);
  });
});

describe('valueCharts', () => {
  it('makes a chart per value with its unit and thresholds', () => {
    const [load, rta] = valueCharts(recs);
    expect(load).toMatchObject({ name: 'load', unit: 'd', warn: 5, crit: 10 });
    expect(load!.rows.map((r) => r.value)).toEqual([1, 6, 7, null]);
    expect(rta).toMatchObject({ name: 'rta', unit: 'ms', warn: undefined });
    expect(rta!.rows.map((r) => r.value)).toEqual([null, null, 0.5, null]);
  });
});

describe('polledUnit', () => {
  it.each([
    ['s', 'seconds'],
    ['ms', 'ms'],
    ['%', 'percent'],
    ['MB', 'mb'],
    ['c', 'count'],
    ['d', 'number'],
    ['KB', 'number'],
  ])('%s -> %s', (uom, unit) => {
    expect(polledUnit(uom)).toBe(unit);
  });
});

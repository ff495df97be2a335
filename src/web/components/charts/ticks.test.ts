import { describe, expect, it } from 'vitest';
import { niceTicks, valueTicks } from './ticks';
import { formatValue } from './units';

describe('niceTicks', () => {
  it.each<[number, boolean, number[]]>([
    [3, true, [0, 1, 2, 3]],
    [1, true, [0, 1]],
    [2, true, [0, 1, 2]],
    [0, true, [0, 1]],
    [7, true, [0, 2, 4, 6, 8]],
    [1, false, [0, 0.25, 0.5, 0.75, 1]],
    [95, false, [0, 25, 50, 75, 100]],
  ])('max %s integer %s', (max, integer, ticks) => {
    expect(niceTicks(max, 4, integer)).toEqual(ticks);
  });

  it('always reaches the maximum', () => {
    for (const max of [0.3, 7.1, 13, 99, 1234, 98765]) expect(niceTicks(max).at(-1)!).toBeGreaterThanOrEqual(max);
  });
});

describe('valueTicks', () => {
  it('keeps counts whole', () => {
    expect(valueTicks('count', 3).every(Number.isInteger)).toBe(true);
  });
  it('spans 0-100 for percentages, wider when a value exceeds it', () => {
    expect(valueTicks('percent', 42)).toEqual([0, 25, 50, 75, 100]);
    expect(valueTicks('percent', 180).at(-1)).toBeGreaterThanOrEqual(180);
  });
  it('puts free space ticks on whole GB', () => {
    expect(valueTicks('mb', 160_000).map((t) => formatValue('mb', t))).toEqual(['0 B', '50.0 GB', '100 GB', '150 GB', '200 GB']);
  });
  it('puts response times on whole ms', () => {
    expect(valueTicks('us', 51_900).map((t) => formatValue('us', t))).toEqual(['0 s', '20 ms', '40 ms', '60 ms']);
  });
  it('puts rates on binary steps per second', () => {
    const ticks = valueTicks('rate', 60 * 3 * 1024 * 1024);
    expect(ticks.map((t) => formatValue('rate', t))).toEqual(['0 B/s', '1.0 MB/s', '2.0 MB/s', '3.0 MB/s']);
  });
});

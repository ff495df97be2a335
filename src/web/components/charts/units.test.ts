import { describe, expect, it } from 'vitest';
import { formatDuration, formatValue, type Unit } from './units';

describe('formatValue', () => {
  it.each<[Unit, number | null, string]>([
    ['mb', 160_000, '156 GB'],
    ['mb', 512, '512 MB'],
    ['us', 51_900, '51.9 ms'],
    ['us', 850, '850 µs'],
    ['ms', 1500, '1.50 s'],
    ['rate', 60 * 1024 * 1024, '1.0 MB/s'],
    ['rate', 0, '0 B/s'],
    ['bytes', 1536, '1.5 KB'],
    ['percent', 5.25, '5.3%'],
    ['percent', 55.4, '55%'],
    ['count', 3.4, '3'],
    ['count', 12_345, '12.3k'],
    ['number', 0.5, '0.50'],
    ['seconds', null, '–'],
    ['mb', Number.NaN, '–'],
  ])('%s %s -> %s', (unit, v, out) => {
    expect(formatValue(unit, v)).toBe(out);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [0.0000375, '38 µs'],
    [0.0375, '37.5 ms'],
    [0.25, '250 ms'],
    [2.5, '2.50 s'],
    [42, '42.0 s'],
    [600, '10.0 min'],
    [-0.0375, '-37.5 ms'],
  ])('%s s -> %s', (s, out) => {
    expect(formatDuration(s)).toBe(out);
  });
});

import { describe, expect, it } from 'vitest';
import { estimateSkews, median, offsetSample, requestWay } from './trace-skew';

const side = (start: number, duration: number, exact = true) => ({ start, duration, exact });

describe('offsetSample', () => {
  it('finds a server clock 2 s ahead from one symmetric pair', () => {
    // The client sends at 100, 10 ms each way, the server works 80 ms; its clock reads 2 s ahead.
    expect(offsetSample(side(100, 0.1), side(102.01, 0.08))).toBeCloseTo(2);
  });
  it('is 0 for clocks in step', () => {
    expect(offsetSample(side(100, 0.1), side(100.01, 0.08))).toBeCloseTo(0);
  });
});

describe('estimateSkews', () => {
  it('chains pair medians out from the reference, ignoring a stray sample', () => {
    const skews = estimateSkews(
      [
        { client: 1, server: 2, offset: 0.5 },
        { client: 1, server: 2, offset: 0.52 },
        { client: 1, server: 2, offset: 9 },
        { client: 3, server: 2, offset: 0.25 }, // 2 is 0.25 ahead of 3, so 3 is at 0.25
        { client: 4, server: 4, offset: 7 },
      ],
      1,
    );
    expect(skews.get(1)).toBe(0);
    expect(skews.get(2)).toBeCloseTo(0.52);
    expect(skews.get(3)).toBeCloseTo(0.27);
    expect(skews.has(4)).toBe(false);
  });
  it('gives only the reference without samples', () => {
    expect([...estimateSkews([], 7)]).toEqual([[7, 0]]);
  });
});

describe('requestWay', () => {
  it('removes the skew: 10 ms there although the server clock is 2 s ahead', () => {
    expect(requestWay(side(100, 0.1), side(102.01, 0.08), 0, 2)).toBeCloseTo(0.01);
  });
  it('stays within [0, latency] when the skew does not fit the pair', () => {
    expect(requestWay(side(100, 0.1), side(99, 0.08), 0, 0)).toBe(0);
    expect(requestWay(side(100, 0.1), side(105, 0.08), 0, 0)).toBeCloseTo(0.02);
  });
  it('is unknown for an average or an unknown skew', () => {
    expect(requestWay(side(100, 0.1, false), side(100, 0.08), 0, 0)).toBeUndefined();
    expect(requestWay(side(100, 0.1), side(100, 0.08), 0, undefined)).toBeUndefined();
  });
});

describe('median', () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 2, 3], 2.5],
  ])('%j -> %s', (xs, m) => {
    expect(median(xs)).toBe(m);
  });
});

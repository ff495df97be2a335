import { describe, expect, it } from 'vitest';
import { bucketQuantile, extrapolatedRate, instantRate, kahanMean, kahanSum, parseLe, quantile, RANGE_FNS, variance, type Point } from './promql-functions';

/** Points at the given seconds with the given values. */
const pts = (...pairs: [number, number][]): Point[] => pairs.map(([s, v]) => ({ t: s * 1000, v }));
/** Equal to 12 places, NaN matching NaN. */
const near = (actual: number | null, expected: number) => (Number.isNaN(expected) ? expect(actual).toBeNaN() : expect(actual).toBeCloseTo(expected, 12));
const everyMinute = (values: number[], from = 60) => pts(...values.map((v, i): [number, number] => [from + i * 60, v]));

describe('extrapolatedRate (promql/functions.go)', () => {
  it.each([
    // [what, points, end (s), range (s), counter, rate, expected]
    ['a steady counter, extrapolated to the range start', everyMinute([60, 120, 180, 240, 300], 360), 600, 300, true, true, 1],
    ['the same as increase', everyMinute([60, 120, 180, 240, 300], 360), 600, 300, true, false, 300],
    ['a reset adds the value before it', everyMinute([120, 240, 360, 480, 30, 150, 270, 390, 510, 630]), 600, 600, true, false, 1100],
    ['no extrapolation past where the counter would be zero', pts([290, 10], [350, 70]), 600, 600, true, false, 60 * (60 + 10 + 30) / 60],
    ['a gap at the end is extrapolated by half an interval, the start (within 1.1 intervals) whole', everyMinute([0, 60, 120], 60), 600, 600, false, false, 120 * (120 + 60 + 30) / 120],
    ['a gauge going down is a negative delta', everyMinute([10, 4], 540), 600, 120, false, false, -6 * (60 + 60 + 0) / 60],
  ] as const)('%s', (_what, points, end, range, counter, rate, expected) => {
    expect(extrapolatedRate(points, end * 1000, range * 1000, counter, rate)).toBeCloseTo(expected, 10);
  });

  it('answers nothing with fewer than two points', () => {
    expect(extrapolatedRate(pts([590, 5]), 600_000, 60_000, true, true)).toBeNull();
    expect(extrapolatedRate([], 600_000, 60_000, true, true)).toBeNull();
  });
});

describe('instantRate (irate)', () => {
  it.each([
    ['the last two points', pts([0, 1], [60, 100], [120, 220]), 2],
    ['after a reset, the new value over the interval', pts([60, 480], [120, 30]), 0.5],
    ['nothing for one point', pts([60, 1]), null],
    ['nothing for equal timestamps', pts([60, 1], [60, 2]), null],
  ] as const)('%s', (_what, points, expected) => {
    expect(instantRate(points)).toBe(expected);
  });
});

describe('the *_over_time family', () => {
  const ps = everyMinute([2, 6, 5, 3, 5], 360);
  it.each([
    ['avg_over_time', 4.2], ['min_over_time', 2], ['max_over_time', 6], ['sum_over_time', 21], ['count_over_time', 5],
    ['last_over_time', 5], ['first_over_time', 2], ['stdvar_over_time', 2.16], ['stddev_over_time', Math.sqrt(2.16)],
  ] as const)('%s', (fn, expected) => {
    expect(RANGE_FNS[fn](ps, 600_000, 300_000)).toBeCloseTo(expected, 12);
  });

  it('min and max skip NaN unless it is all there is', () => {
    expect(RANGE_FNS.max_over_time(pts([1, NaN], [2, 3], [3, 1]), 0, 0)).toBe(3);
    expect(RANGE_FNS.min_over_time(pts([1, NaN]), 0, 0)).toBeNaN();
  });
});

describe('sums and means, compensated as Prometheus does', () => {
  it('Kahan-Neumaier keeps what plain addition loses', () => {
    expect(kahanSum([1, 1e100, 1, -1e100])).toBe(2);
    expect(kahanMean([1, 1e100, 1, -1e100])).toBe(0.5);
    expect(kahanMean([Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
    expect(variance([1, 1, 1])).toBe(0);
  });
});

describe('quantile', () => {
  it.each([
    [0.5, [5, 2, 3, 6, 5], 5], [0.25, [5, 2, 3, 6, 5], 3], [0.1, [1, 2], 1.1], [0, [3, 1], 1], [1, [3, 1], 3],
    [-0.1, [1], -Infinity], [1.1, [1], Infinity], [0.5, [], NaN], [NaN, [1], NaN],
  ] as const)('φ=%s of %j is %s', (q, values, expected) => {
    near(quantile(q, values), expected);
  });
});

describe('bucketQuantile (promql/quantile.go)', () => {
  const b = (...pairs: [number, number][]) => pairs.map(([upperBound, count]) => ({ upperBound, count }));
  it.each([
    ['interpolates within the bucket of the rank', 0.5, b([0.1, 10], [0.5, 30], [1, 40], [Infinity, 40]), 0.3],
    ['φ=0.95', 0.95, b([0.1, 10], [0.5, 30], [1, 40], [Infinity, 40]), 0.9],
    ['φ=1 ends at the last finite bucket reached', 1, b([0.1, 10], [0.5, 30], [1, 40], [Infinity, 40]), 1],
    ['a rank in the +Inf bucket answers the highest finite bound', 0.99, b([0.1, 10], [1, 20], [Infinity, 40]), 1],
    ['the first bucket starts at 0', 0.05, b([0.1, 10], [Infinity, 20]), 0.01],
    ['a first bucket at or below 0 answers its bound', 0.1, b([-1, 10], [Infinity, 20]), -1],
    ['unsorted input is sorted', 0.5, b([Infinity, 40], [0.5, 30], [1, 40], [0.1, 10]), 0.3],
    ['a decrease is flattened (monotonicity fix)', 0.5, b([0.1, 10], [0.5, 30], [1, 25], [Infinity, 40]), 0.3],
    ['tiny float differences are ignored', 0.5, b([0.1, 20], [0.5, 20 + 1e-14], [Infinity, 40]), 0.1],
    ['equal bounds are added together', 0.5, b([0.1, 5], [0.1, 5], [Infinity, 20]), 0.1],
    ['no +Inf bucket is NaN', 0.5, b([0.1, 10], [1, 20]), NaN],
    ['no observations is NaN', 0.5, b([0.1, 0], [Infinity, 0]), NaN],
    ['only +Inf is NaN', 0.5, b([Infinity, 10]), NaN],
    ['φ<0 is -Inf', -1, b([0.1, 1], [Infinity, 1]), -Infinity],
    ['φ>1 is +Inf', 2, b([0.1, 1], [Infinity, 1]), Infinity],
  ] as const)('%s', (_what, q, buckets, expected) => {
    near(bucketQuantile(q, buckets), expected);
  });

  it('reads le values as Go does', () => {
    expect([parseLe('+Inf'), parseLe('Inf'), parseLe('-inf'), parseLe('0.25'), parseLe('1e3'), parseLe('x'), parseLe('')]).toEqual([Infinity, Infinity, -Infinity, 0.25, 1000, null, null]);
  });
});

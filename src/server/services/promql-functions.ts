/**
 * PromQL's float functions over a range of samples, as Prometheus computes them (promql/functions.go,
 * promql/quantile.go, util/kahansum): pure, so they are tested on hand-made points.
 */
import type { RangeFunction } from './promql-ast';

/** A sample: epoch milliseconds and value. */
export interface Point {
  t: number;
  v: number;
}

/** Kahan-Neumaier summation step (util/kahansum.Inc): the new sum and compensation. */
export function kahanInc(inc: number, sum: number, c: number): [number, number] {
  const t = sum + inc;
  if (!Number.isFinite(t) && !Number.isNaN(t)) return [t, 0];
  if (Math.abs(sum) >= Math.abs(inc)) return [t, c + ((sum - t) + inc)];
  return [t, c + ((inc - t) + sum)];
}

/** Kahan sum of values, as sum and sum_over_time. */
export function kahanSum(values: readonly number[]): number {
  let sum = 0;
  let c = 0;
  for (const v of values) [sum, c] = kahanInc(v, sum, c);
  return Number.isFinite(sum) ? sum + c : sum;
}

/** Mean as avg and avg_over_time: direct Kahan sum while it does not overflow, incremental after. */
export function kahanMean(values: readonly number[]): number {
  let sum = values[0] ?? NaN;
  let c = 0;
  let mean = 0;
  let incremental = false;
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    const count = i + 1;
    if (!incremental) {
      const [s, nc] = kahanInc(v, sum, c);
      if (Number.isFinite(s) || Number.isNaN(s)) {
        [sum, c] = [s, nc];
        continue;
      }
      incremental = true;
      mean = sum / (count - 1);
      c /= count - 1;
    }
    const q = (count - 1) / count;
    [mean, c] = kahanInc(v / count, q * mean, q * c);
  }
  return incremental ? mean + c : sum / values.length + c / values.length;
}

/** Population variance with Kahan-compensated running mean (varianceOverTime). */
export function variance(values: readonly number[]): number {
  let count = 0;
  let mean = 0;
  let cMean = 0;
  let aux = 0;
  let cAux = 0;
  for (const v of values) {
    count++;
    const delta = v - (mean + cMean);
    [mean, cMean] = kahanInc(delta / count, mean, cMean);
    [aux, cAux] = kahanInc(delta * (v - (mean + cMean)), aux, cAux);
  }
  return (aux + cAux) / count;
}

/** The φ-quantile of values (promql quantile): NaN for none, ±Inf outside [0, 1], interpolated between ranks. */
export function quantile(q: number, values: readonly number[]): number {
  if (values.length === 0 || Number.isNaN(q)) return NaN;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  // Go's sort puts NaN first (vectorByValueHeap.Less).
  const sorted = [...values].sort((a, b) => (Number.isNaN(a) ? -1 : Number.isNaN(b) ? 1 : a - b));
  const n = sorted.length;
  const rank = q * (n - 1);
  const lower = Math.max(0, Math.floor(rank));
  const upper = Math.min(n - 1, lower + 1);
  const weight = rank - Math.floor(rank);
  return sorted[lower]! * (1 - weight) + sorted[upper]! * weight;
}

/**
 * rate and increase (isRate false) of a counter, delta-like for non-counters: Prometheus's
 * extrapolatedRate. Nothing (null) with fewer than two points. The range is (endMs - rangeMs, endMs].
 */
export function extrapolatedRate(points: readonly Point[], endMs: number, rangeMs: number, isCounter: boolean, isRate: boolean): number | null {
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const rangeStart = endMs - rangeMs;
  let result = last.v - first.v;
  if (isCounter) {
    for (let i = 1; i < points.length; i++) if (points[i]!.v < points[i - 1]!.v) result += points[i - 1]!.v;
  }
  let durationToStart = (first.t - rangeStart) / 1000;
  let durationToEnd = (endMs - last.t) / 1000;
  const sampledInterval = (last.t - first.t) / 1000;
  const averageBetween = sampledInterval / (points.length - 1);
  const threshold = averageBetween * 1.1;
  // Close enough to a boundary (10% over the average spacing): extrapolate to it; else half a spacing.
  if (durationToStart >= threshold) durationToStart = averageBetween / 2;
  if (isCounter && result > 0 && first.v >= 0) {
    // A counter cannot go below zero: extrapolate no further back than where it would reach zero.
    const durationToZero = sampledInterval * (first.v / result);
    if (durationToZero < durationToStart) durationToStart = durationToZero;
  }
  if (durationToEnd >= threshold) durationToEnd = averageBetween / 2;
  let factor = sampledInterval !== 0 ? (sampledInterval + durationToStart + durationToEnd) / sampledInterval : 1;
  if (isRate) factor /= rangeMs / 1000;
  return result * factor;
}

/** irate: the per-second rate between the last two points (a reset counts the last value whole). */
export function instantRate(points: readonly Point[]): number | null {
  if (points.length < 2) return null;
  const a = points[points.length - 2]!;
  const b = points[points.length - 1]!;
  const interval = b.t - a.t;
  if (interval === 0) return null;
  const diff = b.v < a.v ? b.v : b.v - a.v;
  return diff / (interval / 1000);
}

const compare = (better: (cur: number, best: number) => boolean) => (ps: readonly Point[]) => {
  let best = ps[0]!.v;
  for (const p of ps) if (better(p.v, best) || Number.isNaN(best)) best = p.v;
  return best;
};

const values = (ps: readonly Point[]) => ps.map((p) => p.v);

/** The range functions other than quantile_over_time, over a range's points (at least one). */
export const RANGE_FNS: Record<RangeFunction, (ps: readonly Point[], endMs: number, rangeMs: number) => number | null> = {
  rate: (ps, end, range) => extrapolatedRate(ps, end, range, true, true),
  increase: (ps, end, range) => extrapolatedRate(ps, end, range, true, false),
  irate: (ps) => instantRate(ps),
  avg_over_time: (ps) => kahanMean(values(ps)),
  sum_over_time: (ps) => kahanSum(values(ps)),
  count_over_time: (ps) => ps.length,
  min_over_time: compare((cur, best) => cur < best),
  max_over_time: compare((cur, best) => cur > best),
  last_over_time: (ps) => ps[ps.length - 1]!.v,
  first_over_time: (ps) => ps[0]!.v,
  stdvar_over_time: (ps) => variance(values(ps)),
  stddev_over_time: (ps) => Math.sqrt(variance(values(ps))),
};

export interface Bucket {
  upperBound: number;
  count: number;
}

const MIN_NORMAL = 2.2250738585072014e-308;
/** util/almost.Equal. */
function almostEqual(a: number, b: number, epsilon: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  const absSum = Math.abs(a) + Math.abs(b);
  const diff = Math.abs(a - b);
  if (a === 0 || b === 0 || absSum < MIN_NORMAL) return diff < epsilon * MIN_NORMAL;
  return diff / Math.min(absSum, Number.MAX_VALUE) < epsilon;
}

/**
 * The φ-quantile of classic `le` buckets (Prometheus's BucketQuantile): sorted, equal bounds
 * coalesced, tiny float differences ignored and decreases removed (the monotonicity fix), then
 * linear interpolation within the bucket holding the rank. NaN without a +Inf bucket or observations.
 */
export function bucketQuantile(q: number, input: readonly Bucket[]): number {
  if (Number.isNaN(q)) return NaN;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  const sorted = [...input].sort((a, b) => a.upperBound - b.upperBound);
  if (sorted.length === 0 || sorted[sorted.length - 1]!.upperBound !== Infinity) return NaN;
  const buckets: Bucket[] = [];
  for (const b of sorted) {
    const prev = buckets[buckets.length - 1];
    if (prev && prev.upperBound === b.upperBound) prev.count += b.count;
    else buckets.push({ ...b });
  }
  let prev = buckets[0]!.count;
  for (let i = 1; i < buckets.length; i++) {
    const curr = buckets[i]!.count;
    if (curr === prev) continue;
    if (almostEqual(prev, curr, 1e-12) || curr < prev) {
      buckets[i]!.count = prev;
      continue;
    }
    prev = curr;
  }
  if (buckets.length < 2) return NaN;
  const observations = buckets[buckets.length - 1]!.count;
  if (observations === 0) return NaN;
  let rank = q * observations;
  // sort.Search over all but the +Inf bucket: the first whose cumulative count reaches the rank.
  let b = buckets.length - 1;
  for (let i = 0; i < buckets.length - 1; i++) {
    if (buckets[i]!.count >= rank) {
      b = i;
      break;
    }
  }
  if (b === buckets.length - 1) return buckets[buckets.length - 2]!.upperBound;
  if (b === 0 && buckets[0]!.upperBound <= 0) return buckets[0]!.upperBound;
  let bucketStart = 0;
  const bucketEnd = buckets[b]!.upperBound;
  let count = buckets[b]!.count;
  if (b > 0) {
    bucketStart = buckets[b - 1]!.upperBound;
    count -= buckets[b - 1]!.count;
    rank -= buckets[b - 1]!.count;
  }
  return bucketStart + (bucketEnd - bucketStart) * (rank / count);
}

/** An `le` label value as Go's ParseFloat reads it (+Inf, Inf, inf, numbers); null when it is not one. */
export function parseLe(text: string): number | null {
  const m = /^([+-]?)(inf|infinity)$/i.exec(text);
  if (m) return m[1] === '-' ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const v = Number(text);
  return text.trim() === '' || Number.isNaN(v) ? null : v;
}

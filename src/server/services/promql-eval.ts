/**
 * Evaluates the PromQL subset (promql-ast.ts) over a SeriesSource, step by step as Prometheus's
 * engine does: every selector's series are loaded once for the whole window, then each step is a
 * pure evaluation at its timestamp.
 */
import type { Expr } from './promql-ast';
import { bucketQuantile, parseLe, quantile, RANGE_FNS, type Bucket, type Point } from './promql-functions';
import { aggregate, compareLabels, dropName, labelsKey, vectorScalar, vectorVector, type Sample } from './promql-operators';
import { BadQuery } from './promql-selector';
import type { Labels, SeriesSource, SourceSeries } from './promql-source';

/** How far back an instant selector looks for a series' latest sample (Prometheus's default lookback delta). */
export const LOOKBACK_MS = 5 * 60_000;

export type StepValue =
  | { type: 'scalar'; v: number }
  | { type: 'vector'; samples: Sample[] }
  | { type: 'matrix'; series: SourceSeries[] };

/** Each selector node's series over the whole query window. */
export type QueryData = Map<Expr, SourceSeries[]>;

type SelectorNode = Expr & { kind: 'selector' | 'range' };

function selectors(e: Expr, out: SelectorNode[] = []): SelectorNode[] {
  switch (e.kind) {
    case 'selector':
    case 'range': out.push(e); break;
    case 'number': break;
    case 'call':
    case 'negate': selectors(e.arg, out); break;
    case 'quantile_over_time':
    case 'histogram_quantile': selectors(e.q, out); selectors(e.arg, out); break;
    case 'aggregate': if (e.param) selectors(e.param, out); selectors(e.arg, out); break;
    case 'binary': selectors(e.lhs, out); selectors(e.rhs, out); break;
  }
  return out;
}

/** Loads what the expression's selectors read for steps from startMs to endMs. */
export async function loadData(source: SeriesSource, accountId: number, e: Expr, startMs: number, endMs: number): Promise<QueryData> {
  const data: QueryData = new Map();
  for (const s of selectors(e)) {
    const back = s.kind === 'range' ? s.rangeMs : LOOKBACK_MS;
    data.set(s, await source.select(accountId, s.matchers, startMs - back + 1, endMs));
  }
  return data;
}

/** Index of the last point at or before t (-1 when none). */
function lastAtOrBefore(points: readonly Point[], t: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]!.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The points in (t - rangeMs, t]: Prometheus 3's left-open range. */
export function pointsInRange(points: readonly Point[], t: number, rangeMs: number): Point[] {
  const end = lastAtOrBefore(points, t);
  const start = lastAtOrBefore(points, t - rangeMs) + 1;
  return points.slice(start, end + 1);
}

const scalarOf = (v: StepValue): number => {
  if (v.type !== 'scalar') throw new BadQuery('expected a scalar');
  return v.v;
};
const vectorOf = (v: StepValue): Sample[] => {
  if (v.type !== 'vector') throw new BadQuery('expected an instant vector');
  return v.samples;
};
const seriesOf = (v: StepValue): SourceSeries[] => {
  if (v.type !== 'matrix') throw new BadQuery('expected a range vector');
  return v.series;
};

/** histogram_quantile over classic buckets: series grouped by their labels but `le` and the name. */
function histogramQuantile(q: number, samples: readonly Sample[]): Sample[] {
  const groups = new Map<string, { labels: Labels; buckets: Bucket[] }>();
  for (const s of samples) {
    const le = s.labels.le === undefined ? null : parseLe(s.labels.le);
    if (le === null) continue;
    const { le: _le, ...rest } = dropName(s.labels);
    const key = labelsKey(rest);
    const g = groups.get(key) ?? groups.set(key, { labels: rest, buckets: [] }).get(key)!;
    g.buckets.push({ upperBound: le, count: s.v });
  }
  return [...groups.values()].map((g) => ({ labels: g.labels, v: bucketQuantile(q, g.buckets) }));
}

/** The expression's value at t (epoch ms). */
export function evalAt(e: Expr, t: number, data: QueryData): StepValue {
  switch (e.kind) {
    case 'number': return { type: 'scalar', v: e.value };
    case 'selector': {
      const samples: Sample[] = [];
      for (const s of data.get(e) ?? []) {
        const p = s.points[lastAtOrBefore(s.points, t)];
        if (p && p.t > t - LOOKBACK_MS) samples.push({ labels: s.labels, v: p.v });
      }
      return { type: 'vector', samples };
    }
    case 'range': {
      const series = (data.get(e) ?? []).map((s) => ({ labels: s.labels, points: pointsInRange(s.points, t, e.rangeMs) }));
      return { type: 'matrix', series: series.filter((s) => s.points.length > 0) };
    }
    case 'call': {
      const fn = RANGE_FNS[e.fn];
      // last_over_time and first_over_time keep the metric name; the other functions drop it.
      const keepName = e.fn === 'last_over_time' || e.fn === 'first_over_time';
      const samples: Sample[] = [];
      for (const s of seriesOf(evalAt(e.arg, t, data))) {
        const v = fn(s.points, t, e.arg.rangeMs);
        if (v !== null) samples.push({ labels: keepName ? s.labels : dropName(s.labels), v });
      }
      return { type: 'vector', samples };
    }
    case 'quantile_over_time': {
      const q = scalarOf(evalAt(e.q, t, data));
      const samples = seriesOf(evalAt(e.arg, t, data)).map((s) => ({ labels: dropName(s.labels), v: quantile(q, s.points.map((p) => p.v)) }));
      return { type: 'vector', samples };
    }
    case 'histogram_quantile':
      return { type: 'vector', samples: histogramQuantile(scalarOf(evalAt(e.q, t, data)), vectorOf(evalAt(e.arg, t, data))) };
    case 'aggregate': {
      const param = e.param ? scalarOf(evalAt(e.param, t, data)) : null;
      return { type: 'vector', samples: aggregate(e.op, vectorOf(evalAt(e.arg, t, data)), e.without, e.labels, param) };
    }
    case 'negate': {
      const v = evalAt(e.arg, t, data);
      if (v.type === 'scalar') return { type: 'scalar', v: -v.v };
      return { type: 'vector', samples: vectorOf(v).map((s) => ({ labels: dropName(s.labels), v: -s.v })) };
    }
    case 'binary': {
      const l = evalAt(e.lhs, t, data);
      const r = evalAt(e.rhs, t, data);
      if (l.type === 'scalar' && r.type === 'scalar') return { type: 'scalar', v: vectorScalar(e.op, [{ labels: {}, v: l.v }], r.v, false, true)[0]!.v };
      if (r.type === 'scalar') return { type: 'vector', samples: vectorScalar(e.op, vectorOf(l), r.v, false, e.bool) };
      if (l.type === 'scalar') return { type: 'vector', samples: vectorScalar(e.op, vectorOf(r), l.v, true, e.bool) };
      return { type: 'vector', samples: vectorVector(e.op, vectorOf(l), vectorOf(r), e.bool) };
    }
  }
}

/** Refuses a step's vector holding one label set twice (as `rate({__name__=~"a|b"}[5m])` can), as Prometheus does. */
function unique(samples: readonly Sample[]): void {
  const seen = new Set<string>();
  for (const s of samples) {
    const key = labelsKey(s.labels);
    if (seen.has(key)) throw new BadQuery('vector cannot contain metrics with the same labelset');
    seen.add(key);
  }
}

export interface RangeSeries {
  labels: Labels;
  values: [number, number][];
}

/**
 * A range query of a bare selector (what Grafana's plain panels ask): each series' points walked once
 * with the steps, the value at each step as evalAt gives it. Null when two series share a label set
 * (the step-by-step path refuses that at the step where both have a value).
 */
function selectorRange(series: readonly SourceSeries[], startMs: number, endMs: number, stepMs: number): RangeSeries[] | null {
  const seen = new Set<string>();
  for (const s of series) {
    const key = labelsKey(s.labels);
    if (seen.has(key)) return null;
    seen.add(key);
  }
  const out: RangeSeries[] = [];
  for (const { labels, points } of series) {
    const values: [number, number][] = [];
    let i = -1;
    for (let t = startMs; t <= endMs; t += stepMs) {
      while (i + 1 < points.length && points[i + 1]!.t <= t) i++;
      const p = points[i];
      if (p && p.t > t - LOOKBACK_MS) values.push([t, p.v]);
    }
    if (values.length > 0) out.push({ labels, values });
  }
  return out.sort((a, b) => compareLabels(a.labels, b.labels));
}

/** A range query: the expression at each step from startMs to endMs; series sorted by labels. */
export function evalRange(e: Expr, startMs: number, endMs: number, stepMs: number, data: QueryData): RangeSeries[] {
  const direct = e.kind === 'selector' ? selectorRange(data.get(e) ?? [], startMs, endMs, stepMs) : null;
  if (direct) return direct;
  const out = new Map<string, RangeSeries>();
  for (let t = startMs; t <= endMs; t += stepMs) {
    const v = evalAt(e, t, data);
    const samples = v.type === 'scalar' ? [{ labels: {}, v: v.v }] : vectorOf(v);
    unique(samples);
    for (const s of samples) {
      const key = labelsKey(s.labels);
      const series = out.get(key) ?? out.set(key, { labels: s.labels, values: [] }).get(key)!;
      series.values.push([t, s.v]);
    }
  }
  return [...out.values()].sort((a, b) => compareLabels(a.labels, b.labels));
}

/** An instant query: the value at t; vectors sorted by labels unless topk/bottomk ordered them. */
export function evalInstant(e: Expr, t: number, data: QueryData): StepValue {
  const v = evalAt(e, t, data);
  if (v.type !== 'vector') return v;
  unique(v.samples);
  const ordered = e.kind === 'aggregate' && (e.op === 'topk' || e.op === 'bottomk');
  return ordered ? v : { type: 'vector', samples: [...v.samples].sort((a, b) => compareLabels(a.labels, b.labels)) };
}

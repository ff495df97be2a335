/**
 * PromQL aggregations and binary operators over one step's instant vector, as Prometheus's engine
 * evaluates them (promql/engine.go): pure functions over samples.
 */
import type { AggregateOp, BinaryOp } from './promql-ast';
import { kahanMean, kahanSum } from './promql-functions';
import { BadQuery } from './promql-selector';
import type { Labels } from './promql-source';

/** One element of an instant vector. */
export interface Sample {
  labels: Labels;
  v: number;
}

// Label sets are never changed once built, and a series' labels object is shared by its samples at
// every step of a range query: its key is computed once (the sort and JSON were most of a range
// query's time, once per step and series).
const keys = new WeakMap<Labels, string>();
// The same for a series' labels without its name (functions and operators drop it at every step).
const withoutName = new WeakMap<Labels, Labels>();

/** A label set's identity: its pairs in name order. */
export function labelsKey(labels: Labels): string {
  let key = keys.get(labels);
  if (key === undefined) keys.set(labels, (key = JSON.stringify(Object.keys(labels).sort().map((k) => [k, labels[k]]))));
  return key;
}

/** Prometheus's order of label sets (labels.Compare): pair by pair, names then values. */
export function compareLabels(a: Labels, b: Labels): number {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const [na, nb] = [ka[i]!, kb[i]!];
    if (na !== nb) return na < nb ? -1 : 1;
    const [va, vb] = [a[na]!, b[nb]!];
    if (va !== vb) return va < vb ? -1 : 1;
  }
  return ka.length - kb.length;
}

/** The labels without `__name__` (what functions and arithmetic answer). */
export function dropName(labels: Labels): Labels {
  const known = withoutName.get(labels);
  if (known) return known;
  const { __name__: _name, ...rest } = labels;
  withoutName.set(labels, rest);
  return rest;
}

/** The labels an aggregation groups by: only `by`'s (present ones), or all but `without`'s and the name. */
export function groupLabels(labels: Labels, without: boolean, names: readonly string[]): Labels {
  if (without) {
    const { __name__: _name, ...out } = labels;
    for (const n of names) delete out[n];
    return out;
  }
  const out: Labels = {};
  for (const n of names) if (labels[n] !== undefined && labels[n] !== '') out[n] = labels[n];
  return out;
}

const VALUE_AGGREGATES: Record<'sum' | 'avg' | 'min' | 'max' | 'count', (vs: number[]) => number> = {
  sum: kahanSum,
  avg: kahanMean,
  count: (vs) => vs.length,
  min: (vs) => vs.reduce((best, v) => (best > v || Number.isNaN(best) ? v : best)),
  max: (vs) => vs.reduce((best, v) => (best < v || Number.isNaN(best) ? v : best)),
};

/** topk keeps the largest, bottomk the smallest; NaN always ranks last. */
function ranked(op: 'topk' | 'bottomk', samples: Sample[], k: number): Sample[] {
  const dir = op === 'topk' ? -1 : 1;
  const sorted = [...samples].sort((a, b) => {
    if (Number.isNaN(a.v)) return Number.isNaN(b.v) ? 0 : 1;
    if (Number.isNaN(b.v)) return -1;
    return dir * (a.v - b.v);
  });
  return sorted.slice(0, k);
}

/**
 * An aggregation of one step's vector. sum/avg/min/max/count answer one sample per group with the
 * group's labels; topk/bottomk answer the chosen samples with their own labels. `param` is k.
 */
export function aggregate(op: AggregateOp, samples: readonly Sample[], without: boolean, names: readonly string[], param: number | null): Sample[] {
  const groups = new Map<string, { labels: Labels; members: Sample[] }>();
  for (const s of samples) {
    const labels = groupLabels(s.labels, without, names);
    const key = labelsKey(labels);
    const g = groups.get(key) ?? groups.set(key, { labels, members: [] }).get(key)!;
    g.members.push(s);
  }
  if (op === 'topk' || op === 'bottomk') {
    const k = param ?? 0;
    if (Number.isNaN(k) || Math.abs(k) >= 2 ** 63) throw new BadQuery(`Scalar value ${k} overflows int64`);
    const whole = Math.trunc(k);
    if (whole < 1) return [];
    return [...groups.values()].flatMap((g) => ranked(op, g.members, whole));
  }
  return [...groups.values()].map((g) => ({ labels: g.labels, v: VALUE_AGGREGATES[op](g.members.map((m) => m.v)) }));
}

const ARITHMETIC = new Set<BinaryOp>(['+', '-', '*', '/', '%', '^']);

/** Whether an operator is a comparison (filters unless `bool`). */
export const isComparison = (op: BinaryOp): boolean => !ARITHMETIC.has(op);

/** Go's math.Pow where it differs from JS: 1 to any power and -1 to ±Inf are 1. */
const pow = (a: number, b: number): number => (a === 1 || (a === -1 && !Number.isFinite(b) && !Number.isNaN(b)) ? 1 : a ** b);

/** op on two floats: the arithmetic result, or for a comparison 1 (true) / 0 (false). */
export function applyOp(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    case '%': return a % b;
    case '^': return pow(a, b);
    case '==': return a === b ? 1 : 0;
    case '!=': return a !== b ? 1 : 0;
    case '>': return a > b ? 1 : 0;
    case '<': return a < b ? 1 : 0;
    case '>=': return a >= b ? 1 : 0;
    case '<=': return a <= b ? 1 : 0;
  }
}

/**
 * A vector against a scalar (`scalarLeft` when the scalar was written first). Arithmetic and `bool`
 * drop the metric name; a comparison without `bool` keeps the vector's samples that pass, unchanged.
 */
export function vectorScalar(op: BinaryOp, samples: readonly Sample[], scalar: number, scalarLeft: boolean, bool: boolean): Sample[] {
  const out: Sample[] = [];
  for (const s of samples) {
    const [a, b] = scalarLeft ? [scalar, s.v] : [s.v, scalar];
    const r = applyOp(op, a, b);
    if (!isComparison(op)) out.push({ labels: dropName(s.labels), v: r });
    else if (bool) out.push({ labels: dropName(s.labels), v: r });
    else if (r === 1) out.push(s);
  }
  return out;
}

/**
 * Two vectors matched one-to-one on identical label sets (the metric name aside), Prometheus's
 * default matching; a label set twice on one side is an error as there.
 */
export function vectorVector(op: BinaryOp, lhs: readonly Sample[], rhs: readonly Sample[], bool: boolean): Sample[] {
  const right = new Map<string, Sample>();
  for (const s of rhs) {
    const key = labelsKey(dropName(s.labels));
    if (right.has(key)) throw new BadQuery(`found duplicate series for the match group ${key} on the right hand-side of the operation; many-to-many matching not allowed: matching labels must be unique on one side`);
    right.set(key, s);
  }
  const seen = new Set<string>();
  const out: Sample[] = [];
  for (const l of lhs) {
    const key = labelsKey(dropName(l.labels));
    const r = right.get(key);
    if (!r) continue;
    if (seen.has(key)) throw new BadQuery('multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)');
    seen.add(key);
    const v = applyOp(op, l.v, r.v);
    if (!isComparison(op) || bool) out.push({ labels: dropName(l.labels), v });
    else if (v === 1) out.push(l);
  }
  return out;
}

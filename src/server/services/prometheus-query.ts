import { parsePromql, parseSelector, typeOf, type Expr } from './promql-ast';
import { evalInstant, evalRange, loadData } from './promql-eval';
import { labelsKey } from './promql-operators';
import { BadQuery } from './promql-selector';
import type { SeriesSource } from './promql-source';

/** Points per series at most, as Prometheus refuses past 11,000. */
export const MAX_POINTS = 11_000;

export type Metric = Record<string, string>;
export interface MatrixSeries {
  metric: Metric;
  values: [number, string][];
}
export interface VectorSample {
  metric: Metric;
  value: [number, string];
}

/** A float as Prometheus prints it (Go's FormatFloat 'f', -1): no exponent, NaN, +Inf, -Inf. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const s = String(v);
  if (!s.includes('e')) return s;
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  // Shortest digits (as JS prints them) moved past the decimal point, as Go's 'f' format does.
  const [, sign, head, tail = '', exp] = m;
  const digits = head! + tail;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits.padEnd(point, '0')}${point < digits.length ? `.${digits.slice(point)}` : ''}`;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };
const DURATION = /^(?:(\d+)(ms|s|m|h|d|w|y))+$/;

/** A step or duration, float seconds or Prometheus's `1h30m`, in milliseconds. */
export function parseDurationMs(text: string, what: string): number {
  const seconds = Number(text);
  if (text.trim() !== '' && Number.isFinite(seconds)) return Math.round(seconds * 1000);
  if (!DURATION.test(text)) throw new BadQuery(`invalid parameter "${what}": cannot parse "${text}" to a valid duration`);
  let ms = 0;
  for (const m of text.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)) ms += Number(m[1]) * UNITS[m[2]!]!;
  return ms;
}

/** A time, float epoch seconds or RFC 3339, in epoch milliseconds. */
export function parseTimeMs(text: string, what: string): number {
  const seconds = Number(text);
  if (text.trim() !== '' && Number.isFinite(seconds)) return Math.round(seconds * 1000);
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw new BadQuery(`invalid parameter "${what}": cannot parse "${text}" to a valid timestamp`);
  return ms;
}

/** Prometheus's result types, as the query endpoints answer them. */
export type QueryData =
  | { resultType: 'matrix'; result: MatrixSeries[] }
  | { resultType: 'vector'; result: VectorSample[] }
  | { resultType: 'scalar'; result: [number, string] };

/** Parsed queries by their text (dashboards ask the same ones again); expressions are never changed once parsed. */
const PARSED_MAX = 256;
const parsed = new Map<string, Expr>();
function parseCached(query: string): Expr {
  let expr = parsed.get(query);
  if (expr === undefined) {
    expr = parsePromql(query);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    parsed.set(query, expr);
  }
  return expr;
}

/** query_range: the expression at each step, a matrix (a scalar expression answers one series without labels). */
export async function queryRange(source: SeriesSource, accountId: number, query: string, startMs: number, endMs: number, stepMs: number): Promise<QueryData> {
  if (endMs < startMs) throw new BadQuery('invalid parameter "end": end timestamp must not be before start time');
  if (stepMs <= 0) throw new BadQuery('invalid parameter "step": zero or negative query resolution step widths are not accepted. Try a positive integer');
  if ((endMs - startMs) / stepMs > MAX_POINTS) throw new BadQuery(`exceeded maximum resolution of ${MAX_POINTS} points per timeseries. Try decreasing the query resolution (?step=XX)`);
  const expr = parseCached(query);
  const type = typeOf(expr);
  if (type === 'matrix') throw new BadQuery('invalid expression type "range vector" for range query, must be Scalar or instant Vector');
  const data = await loadData(source, accountId, expr, startMs, endMs);
  const result = evalRange(expr, startMs, endMs, stepMs, data).map((s) => ({
    metric: s.labels,
    values: s.values.map(([t, v]): [number, string] => [t / 1000, formatValue(v)]),
  }));
  return { resultType: 'matrix', result };
}

/** query (instant): a vector, a scalar, or for a range selector a matrix, at `timeMs`. */
export async function queryInstant(source: SeriesSource, accountId: number, query: string, timeMs: number): Promise<QueryData> {
  const expr = parseCached(query);
  const v = evalInstant(expr, timeMs, await loadData(source, accountId, expr, timeMs, timeMs));
  const at = timeMs / 1000;
  switch (v.type) {
    case 'scalar': return { resultType: 'scalar', result: [at, formatValue(v.v)] };
    case 'vector': return { resultType: 'vector', result: v.samples.map((s) => ({ metric: s.labels, value: [at, formatValue(s.v)] })) };
    case 'matrix': return { resultType: 'matrix', result: v.series.map((s) => ({ metric: s.labels, values: s.points.map((p): [number, string] => [p.t / 1000, formatValue(p.v)]) })) };
  }
}

/** The label sets of series matching any of the selectors (all series without one), written since `sinceMs`. */
export async function seriesMatching(source: SeriesSource, accountId: number, selectors: readonly string[], sinceMs = 0): Promise<Metric[]> {
  if (selectors.length === 0) return source.series(accountId, [], sinceMs);
  const seen = new Map<string, Metric>();
  for (const sel of selectors) for (const m of await source.series(accountId, parseSelector(sel), sinceMs)) seen.set(labelsKey(m), m);
  return [...seen.values()];
}

/** Label names in use (sorted), or the values of one label (sorted), among the series matched. */
export function labelNames(series: readonly Metric[]): string[] {
  return [...new Set(series.flatMap((m) => Object.keys(m)))].sort();
}
export function labelValues(series: readonly Metric[], name: string): string[] {
  return [...new Set(series.map((m) => m[name]).filter((v): v is string => v !== undefined))].sort();
}

import type { SeriesRecord } from '../store/repos/labelled-series';
import type { Store } from '../store/store';
import { BadQuery, matchesAll, parseSelector, pinnedName, type LabelMatcher } from './promql-selector';

/** How far back a step looks for its latest sample, as Prometheus's default --query.lookback-delta. */
export const LOOKBACK_MS = 5 * 60_000;
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

const metricOf = (s: SeriesRecord): Metric => ({ __name__: s.name, ...s.labels });

/** The account's series a selector picks (updated since `since`, epoch seconds). */
async function select(store: Store, accountId: number, matchers: readonly LabelMatcher[], since = 0): Promise<SeriesRecord[]> {
  const all = await store.labelledSeries.find(accountId, pinnedName(matchers), since);
  return all.filter((s) => matchesAll(matchers, metricOf(s)));
}

/** Each series' latest value at each step: the newest sample within the lookback window before it. */
async function evaluate(store: Store, accountId: number, query: string, startMs: number, endMs: number, stepMs: number) {
  const matchers = parseSelector(query);
  const series = await select(store, accountId, matchers, Math.floor((startMs - LOOKBACK_MS) / 1000) - 60);
  const points = await store.labelledSeries.points(accountId, series.map((s) => s.id), startMs - LOOKBACK_MS + 1, endMs);
  const bySeries = new Map<number, { lastMs: number; value: number }[]>();
  for (const p of points) (bySeries.get(p.seriesId) ?? bySeries.set(p.seriesId, []).get(p.seriesId)!).push(p);
  const out: MatrixSeries[] = [];
  for (const s of series) {
    const ps = bySeries.get(s.id) ?? [];
    const values: [number, string][] = [];
    let i = 0;
    for (let t = startMs; t <= endMs; t += stepMs) {
      while (i < ps.length && ps[i]!.lastMs <= t) i++;
      const p = ps[i - 1];
      if (p && p.lastMs > t - LOOKBACK_MS) values.push([t / 1000, formatValue(p.value)]);
    }
    if (values.length > 0) out.push({ metric: metricOf(s), values });
  }
  return out;
}

/** query_range of a plain selector: a matrix, one value per step where the series had a recent sample. */
export async function queryRange(store: Store, accountId: number, query: string, startMs: number, endMs: number, stepMs: number): Promise<MatrixSeries[]> {
  if (endMs < startMs) throw new BadQuery('invalid parameter "end": end timestamp must not be before start time');
  if (stepMs <= 0) throw new BadQuery('invalid parameter "step": zero or negative query resolution step widths are not accepted. Try a positive integer');
  if ((endMs - startMs) / stepMs > MAX_POINTS) throw new BadQuery(`exceeded maximum resolution of ${MAX_POINTS} points per timeseries. Try decreasing the query resolution (?step=XX)`);
  return evaluate(store, accountId, query, startMs, endMs, stepMs);
}

/** query (instant) of a plain selector: a vector at `timeMs`. */
export async function queryInstant(store: Store, accountId: number, query: string, timeMs: number): Promise<VectorSample[]> {
  const m = await evaluate(store, accountId, query, timeMs, timeMs, 1);
  return m.map((s) => ({ metric: s.metric, value: s.values[0]! }));
}

/** The label sets of series matching any of the selectors (all series without one), updated since `since`. */
export async function seriesMatching(store: Store, accountId: number, selectors: readonly string[], since = 0): Promise<Metric[]> {
  if (selectors.length === 0) return (await store.labelledSeries.find(accountId, null, since)).map(metricOf);
  const seen = new Map<number, Metric>();
  for (const sel of selectors) for (const s of await select(store, accountId, parseSelector(sel), since)) seen.set(s.id, metricOf(s));
  return [...seen.values()];
}

/** Label names in use (sorted), or the values of one label (sorted), among the series matched. */
export function labelNames(series: readonly Metric[]): string[] {
  return [...new Set(series.flatMap((m) => Object.keys(m)))].sort();
}
export function labelValues(series: readonly Metric[], name: string): string[] {
  return [...new Set(series.map((m) => m[name]).filter((v): v is string => v !== undefined))].sort();
}

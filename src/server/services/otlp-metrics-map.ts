import type { RemoteLabel, RemoteSample } from '../ingest/remote-write';
import { TEMPORALITY, type Attributes, type HistogramPoint, type NumberPoint, type OtlpMetric, type ResourceMetrics } from '../ingest/otlp-model';

/**
 * OTLP metrics as Prometheus series, named as Prometheus's own OTLP receiver names them (its
 * otlptranslator, "UnderscoreEscapingWithSuffixes"): pure, so the naming is tested on its own.
 */

/** The Prometheus type a metric's name is built for (otlptranslator MetricType). */
export type PromKind = 'gauge' | 'counter' | 'updown' | 'histogram' | 'summary';

const UNITS: Record<string, string> = {
  d: 'days', h: 'hours', min: 'minutes', s: 'seconds', ms: 'milliseconds', us: 'microseconds', ns: 'nanoseconds',
  By: 'bytes', KiBy: 'kibibytes', MiBy: 'mebibytes', GiBy: 'gibibytes', TiBy: 'tibibytes', KBy: 'kilobytes', MBy: 'megabytes', GBy: 'gigabytes', TBy: 'terabytes',
  m: 'meters', V: 'volts', A: 'amperes', J: 'joules', W: 'watts', g: 'grams', Cel: 'celsius', Hz: 'hertz', '1': '', '%': 'percent',
};
const PER_UNITS: Record<string, string> = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week', mo: 'month', y: 'year' };

const tokens = (s: string) => s.split(/[^a-zA-Z0-9:]+/).filter((t) => t !== '');
const cleanUnit = (u: string) => u.replace(/[^a-zA-Z0-9:]/g, '_').replace(/_+/g, '_').replace(/^_/, '');

/** The unit's suffixes: `s` gives seconds, `By/s` bytes and per_second; annotations (`{requests}`) none. */
function unitSuffixes(unit: string): [string, string] {
  const [main = '', per] = unit.split(/\/(.*)/s, 2);
  const m = main.trim();
  let mainSuffix = m !== '' && !/[{}]/.test(m) ? (UNITS[m] ?? m) : '';
  let perSuffix = '';
  const p = per?.trim() ?? '';
  if (p !== '' && !/[{}]/.test(p)) perSuffix = PER_UNITS[p] ?? p;
  mainSuffix = cleanUnit(mainSuffix);
  perSuffix = perSuffix === '' ? '' : cleanUnit(`per_${perSuffix}`).replace(/_$/, '');
  if (perSuffix !== '') mainSuffix = mainSuffix.replace(/_$/, '');
  return [mainSuffix, perSuffix];
}

/**
 * The Prometheus name of an OTLP metric: runs of characters outside [a-zA-Z0-9:] become one `_`, the
 * unit is appended (unless the name has it already), `_total` ends a monotonic counter, `_ratio` a
 * gauge of unit `1`, and a leading digit gets a `_`. Empty when nothing of the name is left.
 */
export function promMetricName(name: string, unit: string, kind: PromKind): string {
  let t = tokens(name);
  const [main, per] = unitSuffixes(unit);
  if (main !== '' && !t.includes(main)) t.push(main);
  if (per !== '' && !t.includes(per)) t.push(per);
  if (kind === 'counter') t = [...t.filter((x) => x !== 'total'), 'total'];
  if (unit === '1' && kind === 'gauge') t = [...t.filter((x) => x !== 'ratio'), 'ratio'];
  const out = t.join('_');
  return /^\d/.test(out) ? `_${out}` : out;
}

/** An attribute key as a label name: characters outside [a-zA-Z0-9_] become `_`, a leading digit gets `key_`. */
export function promLabelName(key: string): string {
  const n = key.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^\d/.test(n) ? `key_${n}` : n;
}

/** Attributes as labels: keys that clash once sanitised join their values with `;` (in key order). */
function attributeLabels(attrs: Attributes): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of Object.keys(attrs).sort()) {
    const value = String(attrs[key]);
    const name = promLabelName(key);
    if (value === '' || /^_+$/.test(name) || name === '') continue;
    const had = out.get(name);
    out.set(name, had === undefined ? value : `${had};${value}`);
  }
  return out;
}

/** `job` and `instance` of a resource: service.namespace/service.name and service.instance.id. */
export function resourceLabels(resource: Attributes): Map<string, string> {
  const out = new Map<string, string>();
  const service = resource['service.name'];
  const ns = resource['service.namespace'];
  if (service !== undefined && service !== '') out.set('job', ns !== undefined && ns !== '' ? `${String(ns)}/${String(service)}` : String(service));
  const instance = resource['service.instance.id'];
  if (instance !== undefined && instance !== '') out.set('instance', String(instance));
  return out;
}

/** One series of the plan: sorted labels with `__name__`; `delta` when its samples are increments to accumulate. */
export interface MappedSeries {
  labels: RemoteLabel[];
  samples: RemoteSample[];
  delta: boolean;
}
export interface MetricsPlan {
  series: MappedSeries[];
  accepted: number;
  rejected: number;
  /** Why the first rejected points were rejected. */
  message: string;
}

/** `le` as Prometheus writes it. */
export const formatLe = (b: number) => (b === Infinity ? '+Inf' : b === -Infinity ? '-Inf' : String(b));

class Planner {
  readonly plan: MetricsPlan = { series: [], accepted: 0, rejected: 0, message: '' };
  reject(n: number, why: string) {
    if (n === 0) return;
    this.plan.rejected += n;
    this.plan.message ||= why;
  }
  emit(name: string, base: Map<string, string>, extra: [string, string][], ms: number, value: number, delta: boolean) {
    const all = new Map(base);
    for (const [k, v] of extra) all.set(k, v);
    all.set('__name__', name);
    const labels = [...all].map(([n, v]) => ({ name: n, value: v })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.plan.series.push({ labels, samples: [{ ms, value }], delta });
  }
}

const msOf = (nanos: bigint) => Number(nanos / 1_000_000n);

function numberPoints(p: Planner, m: OtlpMetric & { points: NumberPoint[] }, name: string, res: Map<string, string>, delta: boolean) {
  for (const pt of m.points) {
    if (pt.timeNanos === 0n) p.reject(1, `metric ${m.name}: a data point has no time_unix_nano`);
    else {
      p.plan.accepted++;
      if (pt.flags === 0) p.emit(name, new Map([...attributeLabels(pt.attributes), ...res]), [], msOf(pt.timeNanos), pt.value, delta);
    }
  }
}

function histogramPoints(p: Planner, m: OtlpMetric & { points: HistogramPoint[] }, name: string, res: Map<string, string>, delta: boolean) {
  for (const pt of m.points) {
    if (pt.timeNanos === 0n) p.reject(1, `metric ${m.name}: a data point has no time_unix_nano`);
    else if (pt.counts.length !== 0 && pt.counts.length !== pt.bounds.length + 1) {
      p.reject(1, `metric ${m.name}: ${pt.counts.length} bucket counts for ${pt.bounds.length} explicit bounds (want bounds + 1)`);
    } else {
      p.plan.accepted++;
      if (pt.flags !== 0) continue;
      const labels = new Map([...attributeLabels(pt.attributes), ...res]);
      const ms = msOf(pt.timeNanos);
      let cumulative = 0;
      pt.bounds.forEach((b, i) => {
        cumulative += pt.counts[i] ?? 0;
        p.emit(`${name}_bucket`, labels, [['le', formatLe(b)]], ms, cumulative, delta);
      });
      p.emit(`${name}_bucket`, labels, [['le', '+Inf']], ms, pt.count, delta);
      if (pt.sum !== null) p.emit(`${name}_sum`, labels, [], ms, pt.sum, delta);
      p.emit(`${name}_count`, labels, [], ms, pt.count, delta);
    }
  }
}

const TEMPORALITY_REJECTED = (name: string, t: number) => `metric ${name}: aggregation temporality ${t} is neither DELTA (1) nor CUMULATIVE (2)`;

function planMetric(p: Planner, m: OtlpMetric, res: Map<string, string>) {
  if (m.kind === 'none') return;
  if (m.kind === 'exponentialHistogram') {
    p.reject(m.points, `metric ${m.name}: exponential histograms are not stored; configure the SDK's view to export explicit-bucket histograms`);
    return;
  }
  const kind: PromKind = m.kind === 'sum' ? (m.monotonic ? 'counter' : 'updown') : m.kind;
  const name = promMetricName(m.name, m.unit, kind);
  const count = m.points.length;
  if (name === '' || /^_+$/.test(name)) return p.reject(count, `metric ${JSON.stringify(m.name)}: no valid Prometheus name is left of it`);
  if (m.kind === 'gauge') return numberPoints(p, m, name, res, false);
  if (m.kind === 'summary') {
    for (const pt of m.points) {
      if (pt.timeNanos === 0n) {
        p.reject(1, `metric ${m.name}: a data point has no time_unix_nano`);
        continue;
      }
      p.plan.accepted++;
      if (pt.flags !== 0) continue;
      const labels = new Map([...attributeLabels(pt.attributes), ...res]);
      const ms = msOf(pt.timeNanos);
      for (const q of pt.quantiles) p.emit(name, labels, [['quantile', String(q.quantile)]], ms, q.value, false);
      p.emit(`${name}_sum`, labels, [], ms, pt.sum, false);
      p.emit(`${name}_count`, labels, [], ms, pt.count, false);
    }
    return;
  }
  if (m.temporality !== TEMPORALITY.DELTA && m.temporality !== TEMPORALITY.CUMULATIVE) return p.reject(count, TEMPORALITY_REJECTED(m.name, m.temporality));
  const delta = m.temporality === TEMPORALITY.DELTA;
  if (m.kind === 'sum') return numberPoints(p, m, name, res, delta);
  return histogramPoints(p, m, name, res, delta);
}

/**
 * Plans the series of an export: one entry per data point and series (the store merges them by
 * label set). Points that cannot be stored are counted as rejected with the first reason.
 */
export function planMetrics(resources: readonly ResourceMetrics[]): MetricsPlan {
  const p = new Planner();
  for (const r of resources) {
    const res = resourceLabels(r.resource);
    for (const m of r.metrics) planMetric(p, m, res);
  }
  return p.plan;
}

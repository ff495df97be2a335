/**
 * StatsD lines as the bucket POST receives them: `<name>:<value>[|<type>[|@<rate>][|#tags...]]`.
 * The spec checks only the format `<name>:<value>`, the name length (1-256) and a non-empty value;
 * its StatsD validity is not checked: a value that is not a number is accepted but gives no data
 * point, an unknown type reads as no type (a counter), a sample rate that is not in (0, 1] as none.
 */

/** The spec's bucket types. A StatsD set is kept as a gauge of its distinct member count. */
export const BUCKET_TYPES = ['counter', 'gauge', 'time'] as const;
export type BucketType = (typeof BUCKET_TYPES)[number];
/** The StatsD types a line may carry. */
export type StatsdType = BucketType | 'set';

/** StatsD type codes. A line without a type, or with one not listed, is a counter (the StatsD default). */
export const STATSD_TYPE_CODES: Record<string, StatsdType> = { c: 'counter', g: 'gauge', ms: 'time', h: 'time', s: 'set' };
export const DEFAULT_BUCKET_TYPE: BucketType = 'counter';
export const BUCKET_NAME_MAX = 256;

export interface StatsdLine {
  name: string;
  /** The value text as sent (never empty). */
  value: string;
  type: StatsdType;
  /** Sample rate in (0, 1]; 1 when not given. */
  rate: number;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The value as a finite number, or null when the text is not one. */
export function numericValue(text: string): number | null {
  const t = text.trim();
  if (!NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Parses one line; the error says which rule it breaks. */
export function parseStatsdLine(raw: string): { ok: true; line: StatsdLine } | { ok: false; error: string } {
  const text = raw.trim();
  const colon = text.indexOf(':');
  if (colon < 0) return { ok: false, error: 'expected <name>:<value>[|type[|@rate]]' };
  const name = text.slice(0, colon);
  if (name.length < 1 || name.length > BUCKET_NAME_MAX) return { ok: false, error: `bucket name must be 1-${BUCKET_NAME_MAX} characters` };
  const [value = '', code, ...rest] = text.slice(colon + 1).split('|');
  if (value.trim() === '') return { ok: false, error: 'the value must not be empty' };
  const type = (code !== undefined && Object.hasOwn(STATSD_TYPE_CODES, code.trim()) ? STATSD_TYPE_CODES[code.trim()] : undefined) ?? DEFAULT_BUCKET_TYPE;
  let rate = 1;
  for (const part of rest) {
    if (!part.startsWith('@')) continue; // tags and other extensions are accepted and ignored
    const r = numericValue(part.slice(1));
    if (r !== null && r > 0 && r <= 1) rate = r;
  }
  return { ok: true, line: { name, value, type, rate } };
}

/**
 * One aggregated update of a bucket in a minute: the collector's flush (src/shared/ingest.ts
 * statsdFlush) or what the API lines of one request add up to. `value` null touches the bucket only.
 * For time, value is the mean of `count` samples; a gauge with `delta` moves the last value instead
 * of replacing it.
 */
export interface StatsdSample {
  name: string;
  type: BucketType;
  value: number | null;
  count: number;
  min?: number;
  max?: number;
  delta?: boolean;
}

/**
 * Turns parsed lines into samples, in order. A set's distinct members, counted once per request, become
 * the value of a gauge sample (the spec knows time, counter and gauge only).
 */
export function linesToSamples(lines: readonly StatsdLine[]): StatsdSample[] {
  const out: StatsdSample[] = [];
  const sets = new Map<string, { sample: StatsdSample; members: Set<string> }>();
  for (const l of lines) {
    if (l.type === 'set') {
      let s = sets.get(l.name);
      if (!s) {
        s = { sample: { name: l.name, type: 'gauge', value: 0, count: 0 }, members: new Set() };
        sets.set(l.name, s);
        out.push(s.sample);
      }
      s.members.add(l.value.trim());
      s.sample.value = s.members.size;
      s.sample.count += 1;
      continue;
    }
    const v = numericValue(l.value);
    if (v === null) out.push({ name: l.name, type: l.type, value: null, count: 1 });
    else if (l.type === 'counter') out.push({ name: l.name, type: l.type, value: v / l.rate, count: 1 });
    else if (l.type === 'gauge') out.push({ name: l.name, type: l.type, value: v, count: 1, delta: /^[+-]/.test(l.value.trim()) });
    else out.push({ name: l.name, type: l.type, value: v, count: 1, min: v, max: v });
  }
  return out;
}

/** A bucket's aggregates of one minute, as stored. */
export interface MinuteAggregate {
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  last: number | null;
}

/** Folds a sample into the minute's aggregate by the bucket's (fixed) type; `before` is the last gauge value. */
export function foldSample(type: BucketType, agg: MinuteAggregate | null, s: StatsdSample, before: number | null): MinuteAggregate {
  const a: MinuteAggregate = agg ? { ...agg } : { count: 0, sum: 0, min: null, max: null, last: null };
  const v = s.value;
  if (v === null) return a;
  a.count += s.count;
  const lo = s.min ?? v;
  const hi = s.max ?? v;
  if (type === 'counter') a.sum += v;
  else if (type === 'gauge') a.last = s.delta ? (a.last ?? before ?? 0) + v : v;
  else if (type === 'time') {
    a.sum += v * s.count;
    a.min = a.min === null ? lo : Math.min(a.min, lo);
    a.max = a.max === null ? hi : Math.max(a.max, hi);
  }
  return a;
}

/** The data point a minute's aggregate reads as: counter sum, gauge last, time mean/min/max. */
export function toPoint(type: BucketType, time: number, a: MinuteAggregate): { time: number; value: number; count: number; min?: number; max?: number } {
  if (type === 'counter') return { time, value: a.sum, count: a.count };
  if (type === 'time') return { time, value: a.count ? a.sum / a.count : 0, min: a.min ?? 0, max: a.max ?? 0, count: a.count };
  return { time, value: a.last ?? 0, count: a.count };
}

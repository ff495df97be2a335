/**
 * What Fleetwatch reads of an OTLP export request, whichever its encoding (otlp-proto.ts,
 * otlp-json.ts): resources with their attributes and their spans or log records. Ids are lower-case
 * hex; times are nanoseconds since the epoch as bigint (a double loses them past 2^53).
 */

/** An attribute value: scalars as they are; arrays, key-value lists and bytes as JSON text. */
export type AttrValue = string | number | boolean;
export type Attributes = Record<string, AttrValue>;

/** OTLP SpanKind. */
export const SPAN_KIND = { UNSPECIFIED: 0, INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;
/** OTLP Status.code: 2 is ERROR. */
export const STATUS_ERROR = 2;

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Attributes;
  statusCode: number;
  statusMessage: string;
}

export interface OtlpLogRecord {
  /** time_unix_nano, or 0n when unknown (then observedNanos is the time). */
  timeNanos: bigint;
  observedNanos: bigint;
  severityNumber: number;
  severityText: string;
  /** The body as text (a string body as is, anything else as JSON). */
  body: string;
  attributes: Attributes;
}

export interface ResourceSpans {
  resource: Attributes;
  spans: OtlpSpan[];
}

export interface ResourceLogs {
  resource: Attributes;
  records: OtlpLogRecord[];
}

/** A body that cannot be read, with the path of what is wrong (answered as a 400). */
export class OtlpDecodeError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const HEX = /^[0-9a-f]*$/;

/** Checks a hex id of `bytes` bytes (empty allowed where `optional`), naming the field when it is not. */
export function checkHexId(value: string, bytes: number, field: string, optional = false): string {
  const v = value.toLowerCase();
  if (optional && v === '') return v;
  if (v.length === bytes * 2 && HEX.test(v)) return v;
  // The protobuf JSON mapping writes bytes as base64, which OTLP/JSON does not: say so when that is what came.
  const base64 = value.length === Math.ceil(bytes / 3) * 4 && /^[A-Za-z0-9+/_-]+=*$/.test(value);
  const hint = base64 ? ' (OTLP/JSON ids are hex, not base64)' : '';
  throw new OtlpDecodeError(`${field} must be ${bytes * 2} hex characters${hint}, got "${value.slice(0, 64)}"`, field);
}

/** Bytes as lower-case hex. */
export const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** OTLP AggregationTemporality. */
export const TEMPORALITY = { UNSPECIFIED: 0, DELTA: 1, CUMULATIVE: 2 } as const;
/** DataPointFlags.FLAG_NO_RECORDED_VALUE: the point says its series has no value now (skipped). */
export const FLAG_NO_RECORDED_VALUE = 1;

/** What every data point carries. Times are nanoseconds since the epoch. */
interface PointBase {
  attributes: Attributes;
  startNanos: bigint;
  timeNanos: bigint;
  flags: number;
}
export interface NumberPoint extends PointBase {
  value: number;
}
export interface HistogramPoint extends PointBase {
  count: number;
  /** Absent when the SDK did not record one (negative measurements). */
  sum: number | null;
  /** Upper bounds of the buckets but the last (+Inf). */
  bounds: number[];
  /** Per bucket, not cumulative: bounds.length + 1 of them, or none. */
  counts: number[];
}
export interface SummaryPoint extends PointBase {
  count: number;
  sum: number;
  quantiles: { quantile: number; value: number }[];
}

interface MetricBase {
  name: string;
  unit: string;
}
/** One metric of an export, by its data kind; `unsupported` counts points of a kind not stored. */
export type OtlpMetric = MetricBase &
  (
    | { kind: 'gauge'; points: NumberPoint[] }
    | { kind: 'sum'; monotonic: boolean; temporality: number; points: NumberPoint[] }
    | { kind: 'histogram'; temporality: number; points: HistogramPoint[] }
    | { kind: 'summary'; points: SummaryPoint[] }
    | { kind: 'exponentialHistogram'; points: number }
    | { kind: 'none' }
  );

export interface ResourceMetrics {
  resource: Attributes;
  metrics: OtlpMetric[];
}

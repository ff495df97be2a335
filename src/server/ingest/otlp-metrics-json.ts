import { z } from 'zod';
import { attributes, int, kvs, parse, resource, uint64 } from './otlp-json';
import { FLAG_NO_RECORDED_VALUE, type OtlpMetric, type ResourceMetrics } from './otlp-model';

// OTLP/JSON ExportMetricsServiceRequest: int64 as decimal strings (or numbers), doubles as numbers or
// the protobuf JSON names of the special values, enums as integers (their names accepted too).
const double = z.union([
  z.number(),
  z.enum(['NaN', 'Infinity', '-Infinity']).transform((v) => (v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : -Infinity)),
  z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, { error: 'must be a number' }).transform(Number),
]);
const count = uint64.transform(Number);
const signed = z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$/, { error: 'must be a decimal integer' }).transform(Number)]);
const TEMPORALITIES: Record<string, number> = { AGGREGATION_TEMPORALITY_UNSPECIFIED: 0, AGGREGATION_TEMPORALITY_DELTA: 1, AGGREGATION_TEMPORALITY_CUMULATIVE: 2 };
const temporality = z.union([int, z.enum(Object.keys(TEMPORALITIES) as [string, ...string[]]).transform((k) => TEMPORALITIES[k]!)]).default(0);

const base = {
  attributes: kvs,
  startTimeUnixNano: uint64.default(0n),
  timeUnixNano: uint64.default(0n),
  flags: int.default(0),
};
const numberPoint = z.object({ ...base, asDouble: double.optional(), asInt: signed.optional() });
const histogramPoint = z.object({ ...base, count: count.default(0), sum: double.optional(), bucketCounts: z.array(count).default([]), explicitBounds: z.array(double).default([]) });
const summaryPoint = z.object({
  ...base,
  count: count.default(0),
  sum: double.default(0),
  quantileValues: z.array(z.object({ quantile: double.default(0), value: double.default(0) })).default([]),
});
const metric = z.object({
  name: z.string().default(''),
  unit: z.string().default(''),
  gauge: z.object({ dataPoints: z.array(numberPoint).default([]) }).optional(),
  sum: z.object({ dataPoints: z.array(numberPoint).default([]), aggregationTemporality: temporality, isMonotonic: z.boolean().default(false) }).optional(),
  histogram: z.object({ dataPoints: z.array(histogramPoint).default([]), aggregationTemporality: temporality }).optional(),
  exponentialHistogram: z.object({ dataPoints: z.array(z.unknown()).default([]) }).optional(),
  summary: z.object({ dataPoints: z.array(summaryPoint).default([]) }).optional(),
});
const metricsRequest = z.object({
  resourceMetrics: z.array(z.object({ resource, scopeMetrics: z.array(z.object({ metrics: z.array(metric).optional() })).optional() })).optional(),
});

type Base = { attributes?: Parameters<typeof attributes>[0]; startTimeUnixNano: bigint; timeUnixNano: bigint; flags: number };
const pointBase = (p: Base) => ({ attributes: attributes(p.attributes), startNanos: p.startTimeUnixNano, timeNanos: p.timeUnixNano, flags: p.flags & FLAG_NO_RECORDED_VALUE });

function toMetric(m: z.infer<typeof metric>): OtlpMetric {
  const head = { name: m.name, unit: m.unit };
  const numbers = (ps: z.infer<typeof numberPoint>[]) => ps.map((p) => ({ ...pointBase(p), value: p.asInt ?? p.asDouble ?? 0 }));
  if (m.gauge) return { ...head, kind: 'gauge', points: numbers(m.gauge.dataPoints) };
  if (m.sum) return { ...head, kind: 'sum', monotonic: m.sum.isMonotonic, temporality: m.sum.aggregationTemporality, points: numbers(m.sum.dataPoints) };
  if (m.histogram) {
    const points = m.histogram.dataPoints.map((p) => ({ ...pointBase(p), count: p.count, sum: p.sum ?? null, bounds: p.explicitBounds, counts: p.bucketCounts }));
    return { ...head, kind: 'histogram', temporality: m.histogram.aggregationTemporality, points };
  }
  if (m.summary) return { ...head, kind: 'summary', points: m.summary.dataPoints.map((p) => ({ ...pointBase(p), count: p.count, sum: p.sum, quantiles: p.quantileValues })) };
  if (m.exponentialHistogram) return { ...head, kind: 'exponentialHistogram', points: m.exponentialHistogram.dataPoints.length };
  return { ...head, kind: 'none' };
}

/** Reads an OTLP/JSON ExportMetricsServiceRequest (a field that is wrong is a 400 naming it). */
export function decodeMetricsJson(body: unknown): ResourceMetrics[] {
  const req = parse(metricsRequest, body);
  return (req.resourceMetrics ?? []).map((rm) => ({
    resource: attributes(rm.resource?.attributes),
    metrics: (rm.scopeMetrics ?? []).flatMap((sm) => (sm.metrics ?? []).map(toMetric)),
  }));
}

/** An ExportMetricsServiceResponse in OTLP/JSON; partialSuccess only when points were rejected. */
export function metricsResponseJson(rejected: number, message: string): Record<string, unknown> {
  return rejected === 0 ? {} : { partialSuccess: { rejectedDataPoints: String(rejected), errorMessage: message } };
}

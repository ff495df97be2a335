import protobuf from 'protobufjs';
import { FLAG_NO_RECORDED_VALUE, OtlpDecodeError, type HistogramPoint, type NumberPoint, type OtlpMetric, type ResourceMetrics, type SummaryPoint } from './otlp-model';
import { attributes, COMMON_TYPES, F, type PKeyValue } from './otlp-proto';

// opentelemetry-proto v1 collector/metrics/v1 and metrics/v1, the fields Fleetwatch reads (exemplars,
// scopes and exponential histograms' buckets are skipped: the latter are refused, not stored).
const ROOT = protobuf.Root.fromJSON({
  nested: {
    ...COMMON_TYPES,
    NumberDataPoint: {
      fields: {
        attributes: F(7, 'KeyValue', 'repeated'), startTimeUnixNano: F(2, 'fixed64'), timeUnixNano: F(3, 'fixed64'),
        asDouble: F(4, 'double'), asInt: F(6, 'sfixed64'), flags: F(8, 'uint32'),
      },
    },
    HistogramDataPoint: {
      fields: {
        attributes: F(9, 'KeyValue', 'repeated'), startTimeUnixNano: F(2, 'fixed64'), timeUnixNano: F(3, 'fixed64'), count: F(4, 'fixed64'),
        sum: F(5, 'double'), bucketCounts: F(6, 'fixed64', 'repeated'), explicitBounds: F(7, 'double', 'repeated'), flags: F(10, 'uint32'),
      },
    },
    ValueAtQuantile: { fields: { quantile: F(1, 'double'), value: F(2, 'double') } },
    SummaryDataPoint: {
      fields: {
        attributes: F(7, 'KeyValue', 'repeated'), startTimeUnixNano: F(2, 'fixed64'), timeUnixNano: F(3, 'fixed64'), count: F(4, 'fixed64'),
        sum: F(5, 'double'), quantileValues: F(6, 'ValueAtQuantile', 'repeated'), flags: F(8, 'uint32'),
      },
    },
    ExponentialHistogramDataPoint: { fields: { count: F(4, 'fixed64') } },
    Gauge: { fields: { dataPoints: F(1, 'NumberDataPoint', 'repeated') } },
    Sum: { fields: { dataPoints: F(1, 'NumberDataPoint', 'repeated'), aggregationTemporality: F(2, 'int32'), isMonotonic: F(3, 'bool') } },
    Histogram: { fields: { dataPoints: F(1, 'HistogramDataPoint', 'repeated'), aggregationTemporality: F(2, 'int32') } },
    ExponentialHistogram: { fields: { dataPoints: F(1, 'ExponentialHistogramDataPoint', 'repeated'), aggregationTemporality: F(2, 'int32') } },
    Summary: { fields: { dataPoints: F(1, 'SummaryDataPoint', 'repeated') } },
    Metric: {
      fields: {
        name: F(1, 'string'), unit: F(3, 'string'), gauge: F(5, 'Gauge'), sum: F(7, 'Sum'), histogram: F(9, 'Histogram'),
        exponentialHistogram: F(10, 'ExponentialHistogram'), summary: F(11, 'Summary'),
      },
    },
    ScopeMetrics: { fields: { metrics: F(2, 'Metric', 'repeated') } },
    ResourceMetrics: { fields: { resource: F(1, 'Resource'), scopeMetrics: F(2, 'ScopeMetrics', 'repeated') } },
    ExportMetricsServiceRequest: { fields: { resourceMetrics: F(1, 'ResourceMetrics', 'repeated') } },
    ExportMetricsPartialSuccess: { fields: { rejectedDataPoints: F(1, 'int64'), errorMessage: F(2, 'string') } },
    ExportMetricsServiceResponse: { fields: { partialSuccess: F(1, 'ExportMetricsPartialSuccess') } },
  },
});

// The decoded message as toObject gives it (longs as decimal strings).
interface PBase { attributes?: PKeyValue[]; startTimeUnixNano?: string; timeUnixNano?: string; flags?: number }
interface PNumber extends PBase { asDouble?: number; asInt?: string }
interface PHistogram extends PBase { count?: string; sum?: number; bucketCounts?: string[]; explicitBounds?: number[] }
interface PSummary extends PBase { count?: string; sum?: number; quantileValues?: { quantile?: number; value?: number }[] }
interface PMetric {
  name?: string; unit?: string;
  gauge?: { dataPoints?: PNumber[] };
  sum?: { dataPoints?: PNumber[]; aggregationTemporality?: number; isMonotonic?: boolean };
  histogram?: { dataPoints?: PHistogram[]; aggregationTemporality?: number };
  exponentialHistogram?: { dataPoints?: unknown[] };
  summary?: { dataPoints?: PSummary[] };
}
interface PMetrics { resourceMetrics?: { resource?: { attributes?: PKeyValue[] }; scopeMetrics?: { metrics?: PMetric[] }[] }[] }

const base = (p: PBase) => ({
  attributes: attributes(p.attributes),
  startNanos: BigInt(p.startTimeUnixNano ?? 0),
  timeNanos: BigInt(p.timeUnixNano ?? 0),
  flags: (p.flags ?? 0) & FLAG_NO_RECORDED_VALUE,
});
const numberPoint = (p: PNumber): NumberPoint => ({ ...base(p), value: p.asInt !== undefined ? Number(p.asInt) : (p.asDouble ?? 0) });
const histogramPoint = (p: PHistogram): HistogramPoint => ({
  ...base(p),
  count: Number(p.count ?? 0),
  sum: p.sum ?? null,
  bounds: p.explicitBounds ?? [],
  counts: (p.bucketCounts ?? []).map(Number),
});
const summaryPoint = (p: PSummary): SummaryPoint => ({
  ...base(p),
  count: Number(p.count ?? 0),
  sum: p.sum ?? 0,
  quantiles: (p.quantileValues ?? []).map((q) => ({ quantile: q.quantile ?? 0, value: q.value ?? 0 })),
});

function metric(m: PMetric): OtlpMetric {
  const head = { name: m.name ?? '', unit: m.unit ?? '' };
  if (m.gauge) return { ...head, kind: 'gauge', points: (m.gauge.dataPoints ?? []).map(numberPoint) };
  if (m.sum) return { ...head, kind: 'sum', monotonic: m.sum.isMonotonic ?? false, temporality: m.sum.aggregationTemporality ?? 0, points: (m.sum.dataPoints ?? []).map(numberPoint) };
  if (m.histogram) return { ...head, kind: 'histogram', temporality: m.histogram.aggregationTemporality ?? 0, points: (m.histogram.dataPoints ?? []).map(histogramPoint) };
  if (m.summary) return { ...head, kind: 'summary', points: (m.summary.dataPoints ?? []).map(summaryPoint) };
  if (m.exponentialHistogram) return { ...head, kind: 'exponentialHistogram', points: m.exponentialHistogram.dataPoints?.length ?? 0 };
  return { ...head, kind: 'none' };
}

/** Decodes a protobuf ExportMetricsServiceRequest. */
export function decodeMetricsProto(body: Buffer): ResourceMetrics[] {
  const t = ROOT.lookupType('ExportMetricsServiceRequest');
  let req: PMetrics;
  try {
    req = t.toObject(t.decode(body), { longs: String, defaults: false }) as PMetrics;
  } catch (err) {
    throw new OtlpDecodeError(`the body is not a protobuf ExportMetricsServiceRequest: ${(err as Error).message}`);
  }
  return (req.resourceMetrics ?? []).map((rm) => ({
    resource: attributes(rm.resource?.attributes),
    metrics: (rm.scopeMetrics ?? []).flatMap((sm) => (sm.metrics ?? []).map(metric)),
  }));
}

/** An ExportMetricsServiceResponse in protobuf; partial_success only when points were rejected. */
export function encodeMetricsResponseProto(rejected: number, message: string): Uint8Array {
  const t = ROOT.lookupType('ExportMetricsServiceResponse');
  return t.encode(t.fromObject(rejected > 0 ? { partialSuccess: { rejectedDataPoints: rejected, errorMessage: message } } : {})).finish();
}

/** The protobuf types, for tests that build requests by hand. */
export const otlpMetricsProtoType = (name: string) => ROOT.lookupType(name);

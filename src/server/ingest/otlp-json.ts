import { z } from 'zod';
import {
  checkHexId, OtlpDecodeError, type Attributes, type AttrValue, type OtlpLogRecord, type OtlpSpan, type ResourceLogs, type ResourceSpans,
} from './otlp-model';

// OTLP/JSON (the protobuf JSON mapping with the OTLP exceptions: lowerCamelCase keys, enums as
// integers, trace and span ids as hex). 64-bit integers come as decimal strings or numbers.
// A JSON number past 2^53 has lost digits already: it is taken as the nearest integer.
/** A 64-bit unsigned integer: a decimal string or a number. */
export const uint64 = z
  .union([z.string().regex(/^\d{1,20}$/, { error: 'must be a decimal integer' }), z.number().nonnegative().max(2 ** 64)])
  .transform((v) => (typeof v === 'string' ? BigInt(v) : BigInt(Math.round(v))));
/** An integer (or enum) as a number or a decimal string. */
export const int = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);

type JsonAny = { stringValue?: string; boolValue?: boolean; intValue?: number; doubleValue?: number; arrayValue?: { values?: JsonAny[] }; kvlistValue?: { values?: JsonKv[] }; bytesValue?: string };
export type JsonKv = { key: string; value?: JsonAny };
const anyValue: z.ZodType<JsonAny> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: int.optional(),
    doubleValue: z.union([z.number(), z.string().transform(Number)]).optional(),
    arrayValue: z.object({ values: z.array(anyValue).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(keyValue).optional() }).optional(),
    bytesValue: z.string().optional(),
  }),
);
const keyValue: z.ZodType<JsonKv> = z.lazy(() => z.object({ key: z.string(), value: anyValue.optional() }));
/** Attributes as OTLP/JSON writes them. */
export const kvs = z.array(keyValue).optional();
/** A resource as OTLP/JSON writes it. */
export const resource = z.object({ attributes: kvs }).optional();

const span = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string().default(''),
  kind: int.default(0),
  startTimeUnixNano: uint64.default(0n),
  endTimeUnixNano: uint64.default(0n),
  attributes: kvs,
  status: z.object({ code: int.optional(), message: z.string().optional() }).optional(),
});
const tracesRequest = z.object({
  resourceSpans: z.array(z.object({ resource, scopeSpans: z.array(z.object({ spans: z.array(span).optional() })).optional() })).optional(),
});

const logRecord = z.object({
  timeUnixNano: uint64.default(0n),
  observedTimeUnixNano: uint64.default(0n),
  severityNumber: int.default(0),
  severityText: z.string().default(''),
  body: anyValue.optional(),
  attributes: kvs,
});
const logsRequest = z.object({
  resourceLogs: z.array(z.object({ resource, scopeLogs: z.array(z.object({ logRecords: z.array(logRecord).optional() })).optional() })).optional(),
});

type Plain = string | number | boolean | null | Plain[] | { [k: string]: Plain };
function plain(v: JsonAny | undefined): Plain {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return v.intValue;
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plain);
  if (v.kvlistValue) return Object.fromEntries((v.kvlistValue.values ?? []).map((kv) => [kv.key, plain(kv.value)]));
  if (v.bytesValue !== undefined) return v.bytesValue;
  return null;
}
const scalar = (p: Plain): AttrValue => (typeof p === 'string' || typeof p === 'number' || typeof p === 'boolean' ? p : JSON.stringify(p));
/** OTLP/JSON key-values as attributes. */
export const attributes = (list: JsonKv[] | undefined): Attributes => Object.fromEntries((list ?? []).map((kv) => [kv.key, scalar(plain(kv.value))]));

/** Parses with a schema; the first issue becomes an OtlpDecodeError naming its path. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  throw new OtlpDecodeError(field ? `${field}: ${issue.message}` : issue.message, field || undefined);
}

/** Reads an OTLP/JSON ExportTraceServiceRequest; ids must be hex (a base64 id is a 400 naming its field). */
export function decodeTracesJson(body: unknown): ResourceSpans[] {
  const req = parse(tracesRequest, body);
  return (req.resourceSpans ?? []).map((rs, i) => ({
    resource: attributes(rs.resource?.attributes),
    spans: (rs.scopeSpans ?? []).flatMap((ss, j) =>
      (ss.spans ?? []).map((s, k): OtlpSpan => {
        const at = `resourceSpans[${i}].scopeSpans[${j}].spans[${k}]`;
        return {
          traceId: checkHexId(s.traceId, 16, `${at}.traceId`),
          spanId: checkHexId(s.spanId, 8, `${at}.spanId`),
          parentSpanId: checkHexId(s.parentSpanId ?? '', 8, `${at}.parentSpanId`, true),
          name: s.name,
          kind: s.kind,
          startNanos: s.startTimeUnixNano,
          endNanos: s.endTimeUnixNano,
          attributes: attributes(s.attributes),
          statusCode: s.status?.code ?? 0,
          statusMessage: s.status?.message ?? '',
        };
      }),
    ),
  }));
}

/** Reads an OTLP/JSON ExportLogsServiceRequest. */
export function decodeLogsJson(body: unknown): ResourceLogs[] {
  const req = parse(logsRequest, body);
  return (req.resourceLogs ?? []).map((rl) => ({
    resource: attributes(rl.resource?.attributes),
    records: (rl.scopeLogs ?? []).flatMap((sl) =>
      (sl.logRecords ?? []).map((r): OtlpLogRecord => {
        const b = plain(r.body);
        return {
          timeNanos: r.timeUnixNano,
          observedNanos: r.observedTimeUnixNano,
          severityNumber: r.severityNumber,
          severityText: r.severityText,
          body: typeof b === 'string' ? b : b === null ? '' : JSON.stringify(b),
          attributes: attributes(r.attributes),
        };
      }),
    ),
  }));
}

/** An Export*ServiceResponse in OTLP/JSON; partialSuccess only when something was rejected. */
export function responseJson(signal: 'traces' | 'logs', rejected: number, message: string): Record<string, unknown> {
  if (rejected === 0) return {};
  const count = signal === 'traces' ? { rejectedSpans: String(rejected) } : { rejectedLogRecords: String(rejected) };
  return { partialSuccess: { ...count, errorMessage: message } };
}

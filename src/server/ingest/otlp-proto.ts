import protobuf from 'protobufjs';
import {
  OtlpDecodeError, toHex, type Attributes, type AttrValue, type OtlpLogRecord, type OtlpSpan, type ResourceLogs, type ResourceSpans,
} from './otlp-model';

// The messages of opentelemetry-proto v1 (collector/{trace,logs}/v1, trace/v1, logs/v1, common/v1,
// resource/v1) that Fleetwatch reads or answers, with their field numbers; enums are read as int32
// (the same varint on the wire). Fields not listed are skipped by the decoder, as protobuf allows.
/** A field of a reflected message: its number, type and whether it repeats. */
export const F = (id: number, type: string, rule?: 'repeated') => (rule ? { id, type, rule } : { id, type });
/** common/v1 and resource/v1, shared by every signal's messages (otlp-metrics-proto.ts too). */
export const COMMON_TYPES = {
  AnyValue: {
    oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
    fields: {
      stringValue: F(1, 'string'), boolValue: F(2, 'bool'), intValue: F(3, 'int64'), doubleValue: F(4, 'double'),
      arrayValue: F(5, 'ArrayValue'), kvlistValue: F(6, 'KeyValueList'), bytesValue: F(7, 'bytes'),
    },
  },
  ArrayValue: { fields: { values: F(1, 'AnyValue', 'repeated') } },
  KeyValueList: { fields: { values: F(1, 'KeyValue', 'repeated') } },
  KeyValue: { fields: { key: F(1, 'string'), value: F(2, 'AnyValue') } },
  Resource: { fields: { attributes: F(1, 'KeyValue', 'repeated') } },
};
const ROOT = protobuf.Root.fromJSON({
  nested: {
    ...COMMON_TYPES,
    Status: { fields: { message: F(2, 'string'), code: F(3, 'int32') } },
    Span: {
      fields: {
        traceId: F(1, 'bytes'), spanId: F(2, 'bytes'), parentSpanId: F(4, 'bytes'), name: F(5, 'string'), kind: F(6, 'int32'),
        startTimeUnixNano: F(7, 'fixed64'), endTimeUnixNano: F(8, 'fixed64'), attributes: F(9, 'KeyValue', 'repeated'), status: F(15, 'Status'),
      },
    },
    ScopeSpans: { fields: { spans: F(2, 'Span', 'repeated') } },
    ResourceSpans: { fields: { resource: F(1, 'Resource'), scopeSpans: F(2, 'ScopeSpans', 'repeated') } },
    ExportTraceServiceRequest: { fields: { resourceSpans: F(1, 'ResourceSpans', 'repeated') } },
    ExportTracePartialSuccess: { fields: { rejectedSpans: F(1, 'int64'), errorMessage: F(2, 'string') } },
    ExportTraceServiceResponse: { fields: { partialSuccess: F(1, 'ExportTracePartialSuccess') } },
    LogRecord: {
      fields: {
        timeUnixNano: F(1, 'fixed64'), severityNumber: F(2, 'int32'), severityText: F(3, 'string'), body: F(5, 'AnyValue'),
        attributes: F(6, 'KeyValue', 'repeated'), observedTimeUnixNano: F(11, 'fixed64'),
      },
    },
    ScopeLogs: { fields: { logRecords: F(2, 'LogRecord', 'repeated') } },
    ResourceLogs: { fields: { resource: F(1, 'Resource'), scopeLogs: F(2, 'ScopeLogs', 'repeated') } },
    ExportLogsServiceRequest: { fields: { resourceLogs: F(1, 'ResourceLogs', 'repeated') } },
    ExportLogsPartialSuccess: { fields: { rejectedLogRecords: F(1, 'int64'), errorMessage: F(2, 'string') } },
    ExportLogsServiceResponse: { fields: { partialSuccess: F(1, 'ExportLogsPartialSuccess') } },
  },
});
const type = (name: string) => ROOT.lookupType(name);

// The decoded message as protobufjs's toObject gives it (longs as decimal strings, bytes as Uint8Array).
interface PAnyValue { stringValue?: string; boolValue?: boolean; intValue?: string; doubleValue?: number; arrayValue?: { values?: PAnyValue[] }; kvlistValue?: { values?: PKeyValue[] }; bytesValue?: Uint8Array }
export interface PKeyValue { key?: string; value?: PAnyValue }
interface PSpan { traceId?: Uint8Array; spanId?: Uint8Array; parentSpanId?: Uint8Array; name?: string; kind?: number; startTimeUnixNano?: string; endTimeUnixNano?: string; attributes?: PKeyValue[]; status?: { message?: string; code?: number } }
interface PLogRecord { timeUnixNano?: string; observedTimeUnixNano?: string; severityNumber?: number; severityText?: string; body?: PAnyValue; attributes?: PKeyValue[] }
interface PTraces { resourceSpans?: { resource?: { attributes?: PKeyValue[] }; scopeSpans?: { spans?: PSpan[] }[] }[] }
interface PLogs { resourceLogs?: { resource?: { attributes?: PKeyValue[] }; scopeLogs?: { logRecords?: PLogRecord[] }[] }[] }

type Plain = string | number | boolean | null | Plain[] | { [k: string]: Plain };
function plain(v: PAnyValue | undefined): Plain {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plain);
  if (v.kvlistValue) return Object.fromEntries((v.kvlistValue.values ?? []).map((kv) => [kv.key ?? '', plain(kv.value)]));
  if (v.bytesValue) return Buffer.from(v.bytesValue).toString('base64');
  return null;
}
/** A protobuf AnyValue as an attribute value (scalars as they are, the rest as JSON text). */
export function anyValue(v: PAnyValue | undefined): AttrValue {
  const p = plain(v);
  return typeof p === 'string' || typeof p === 'number' || typeof p === 'boolean' ? p : JSON.stringify(p);
}
/** Protobuf key-values as attributes. */
export const attributes = (kvs: PKeyValue[] | undefined): Attributes => Object.fromEntries((kvs ?? []).map((kv) => [kv.key ?? '', anyValue(kv.value)]));

function id(b: Uint8Array | undefined, bytes: number, field: string, optional = false): string {
  const len = b?.length ?? 0;
  if (optional && len === 0) return '';
  if (len !== bytes) throw new OtlpDecodeError(`${field} must be ${bytes} bytes, got ${len}`, field);
  return toHex(b!);
}

function decode<T>(name: string, body: Buffer): T {
  const t = type(name);
  try {
    return t.toObject(t.decode(body), { longs: String, defaults: false }) as T;
  } catch (err) {
    throw new OtlpDecodeError(`the body is not a protobuf ${name}: ${(err as Error).message}`);
  }
}

/** Decodes a protobuf ExportTraceServiceRequest. */
export function decodeTracesProto(body: Buffer): ResourceSpans[] {
  const req = decode<PTraces>('ExportTraceServiceRequest', body);
  return (req.resourceSpans ?? []).map((rs, i) => ({
    resource: attributes(rs.resource?.attributes),
    spans: (rs.scopeSpans ?? []).flatMap((ss, j) =>
      (ss.spans ?? []).map((s, k): OtlpSpan => {
        const at = `resourceSpans[${i}].scopeSpans[${j}].spans[${k}]`;
        return {
          traceId: id(s.traceId, 16, `${at}.traceId`),
          spanId: id(s.spanId, 8, `${at}.spanId`),
          parentSpanId: id(s.parentSpanId, 8, `${at}.parentSpanId`, true),
          name: s.name ?? '',
          kind: s.kind ?? 0,
          startNanos: BigInt(s.startTimeUnixNano ?? 0),
          endNanos: BigInt(s.endTimeUnixNano ?? 0),
          attributes: attributes(s.attributes),
          statusCode: s.status?.code ?? 0,
          statusMessage: s.status?.message ?? '',
        };
      }),
    ),
  }));
}

/** Decodes a protobuf ExportLogsServiceRequest. */
export function decodeLogsProto(body: Buffer): ResourceLogs[] {
  const req = decode<PLogs>('ExportLogsServiceRequest', body);
  return (req.resourceLogs ?? []).map((rl) => ({
    resource: attributes(rl.resource?.attributes),
    records: (rl.scopeLogs ?? []).flatMap((sl) =>
      (sl.logRecords ?? []).map((r): OtlpLogRecord => {
        const body = plain(r.body);
        return {
          timeNanos: BigInt(r.timeUnixNano ?? 0),
          observedNanos: BigInt(r.observedTimeUnixNano ?? 0),
          severityNumber: r.severityNumber ?? 0,
          severityText: r.severityText ?? '',
          body: typeof body === 'string' ? body : body === null ? '' : JSON.stringify(body),
          attributes: attributes(r.attributes),
        };
      }),
    ),
  }));
}

/** An Export*ServiceResponse in protobuf; partial_success only when something was rejected. */
export function encodeResponseProto(signal: 'traces' | 'logs', rejected: number, message: string): Uint8Array {
  if (signal === 'traces') {
    const t = type('ExportTraceServiceResponse');
    return t.encode(t.fromObject(rejected > 0 ? { partialSuccess: { rejectedSpans: rejected, errorMessage: message } } : {})).finish();
  }
  const t = type('ExportLogsServiceResponse');
  return t.encode(t.fromObject(rejected > 0 ? { partialSuccess: { rejectedLogRecords: rejected, errorMessage: message } } : {})).finish();
}

/** The protobuf types, for tests that build requests by hand. */
export const otlpProtoType = type;

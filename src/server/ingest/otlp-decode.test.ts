import { describe, expect, it } from 'vitest';
import { decodeLogsJson, decodeTracesJson, responseJson } from './otlp-json';
import { OtlpDecodeError } from './otlp-model';
import { decodeLogsProto, decodeTracesProto, encodeResponseProto, otlpProtoType } from './otlp-proto';

const TRACE = '5b8efff798038103d269b633813fc60c';
const SPAN = 'eee19b7ec3c1b174';
const attrs = [
  { key: 'service.name', value: { stringValue: 'shop' } },
  { key: 'process.pid', value: { intValue: '42' } },
  { key: 'tags', value: { arrayValue: { values: [{ stringValue: 'a' }, { intValue: 1 }] } } },
];
const jsonSpan = (over: Record<string, unknown> = {}) => ({
  resourceSpans: [{ resource: { attributes: attrs }, scopeSpans: [{ spans: [{ traceId: TRACE, spanId: SPAN, name: 'GET', kind: 3, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: 1700000000500000000, status: { code: 2, message: 'x' }, ...over }] }] }],
});
const errorOf = (f: () => unknown): OtlpDecodeError => {
  try {
    f();
  } catch (e) {
    if (e instanceof OtlpDecodeError) return e;
    throw e;
  }
  throw new Error('no error');
};

describe('OTLP/JSON', () => {
  it('reads spans: hex ids (any case), nanos as strings or numbers, attributes flattened', () => {
    const [r] = decodeTracesJson(jsonSpan({ traceId: TRACE.toUpperCase() }));
    expect(r!.resource).toEqual({ 'service.name': 'shop', 'process.pid': 42, tags: '["a",1]' });
    expect(r!.spans[0]).toMatchObject({ traceId: TRACE, spanId: SPAN, parentSpanId: '', kind: 3, startNanos: 1700000000000000000n, statusCode: 2, statusMessage: 'x' });
  });

  it.each([
    ['traceId', 'W47/95gDgQPSabYzgT/GDA==', /traceId must be 32 hex characters \(OTLP\/JSON ids are hex, not base64\)/],
    ['spanId', '7uGbfsPBsXQ=', /spanId must be 16 hex characters \(OTLP\/JSON ids are hex, not base64\)/],
    ['parentSpanId', 'abc', /parentSpanId must be 16 hex characters/],
    ['traceId', 'zz'.repeat(16), /traceId must be 32 hex characters, got/],
  ])('refuses %s %s, naming the field', (field, value, message) => {
    const e = errorOf(() => decodeTracesJson(jsonSpan({ [field]: value })));
    expect(e.field).toBe(`resourceSpans[0].scopeSpans[0].spans[0].${field}`);
    expect(e.message).toMatch(message);
  });

  it('names the path of a malformed field', () => {
    const e = errorOf(() => decodeTracesJson(jsonSpan({ startTimeUnixNano: '-5' })));
    expect(e.field).toBe('resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano');
    expect(errorOf(() => decodeTracesJson({ resourceSpans: 'x' })).field).toBe('resourceSpans');
  });

  it('reads log records; a non-string body is JSON text', () => {
    const [r] = decodeLogsJson({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ observedTimeUnixNano: '5', severityNumber: 13, body: { kvlistValue: { values: [{ key: 'a', value: { boolValue: true } }] } } }] }] }] });
    expect(r!.records[0]).toEqual({ timeNanos: 0n, observedNanos: 5n, severityNumber: 13, severityText: '', body: '{"a":true}', attributes: {} });
    expect(decodeLogsJson({})).toEqual([]);
  });

  it('answers partialSuccess only when something was rejected', () => {
    expect(responseJson('traces', 0, '')).toEqual({});
    expect(responseJson('logs', 2, 'why')).toEqual({ partialSuccess: { rejectedLogRecords: '2', errorMessage: 'why' } });
  });
});

describe('OTLP protobuf', () => {
  const encode = (name: string, obj: Record<string, unknown>) => {
    const t = otlpProtoType(name);
    return Buffer.from(t.encode(t.fromObject(obj)).finish());
  };
  const protoSpan = (over: Record<string, unknown> = {}) => ({
    resourceSpans: [{ resource: { attributes: [{ key: 'host.name', value: { stringValue: 'web-01' } }] }, scopeSpans: [{ spans: [{ traceId: Buffer.from(TRACE, 'hex'), spanId: Buffer.from(SPAN, 'hex'), name: 'GET', kind: 2, startTimeUnixNano: '1700000000000000001', endTimeUnixNano: '1700000000000000002', ...over }] }] }],
  });

  it('decodes spans with their ids as hex and 64-bit times exactly', () => {
    const [r] = decodeTracesProto(encode('ExportTraceServiceRequest', protoSpan({ parentSpanId: Buffer.from('00f067aa0ba902b7', 'hex') })));
    expect(r!.resource).toEqual({ 'host.name': 'web-01' });
    expect(r!.spans[0]).toMatchObject({ traceId: TRACE, spanId: SPAN, parentSpanId: '00f067aa0ba902b7', kind: 2, startNanos: 1700000000000000001n, endNanos: 1700000000000000002n });
  });

  it('refuses an id of the wrong length and a damaged body', () => {
    const e = errorOf(() => decodeTracesProto(encode('ExportTraceServiceRequest', protoSpan({ spanId: Buffer.from('abcd', 'hex') }))));
    expect(e).toMatchObject({ field: 'resourceSpans[0].scopeSpans[0].spans[0].spanId', message: 'resourceSpans[0].scopeSpans[0].spans[0].spanId must be 8 bytes, got 2' });
    expect(errorOf(() => decodeTracesProto(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]))).message).toMatch(/not a protobuf ExportTraceServiceRequest/);
    expect(errorOf(() => decodeLogsProto(Buffer.from([0x0a, 0x05, 0x01]))).message).toMatch(/not a protobuf ExportLogsServiceRequest/);
  });

  it('decodes log records', () => {
    const body = encode('ExportLogsServiceRequest', { resourceLogs: [{ scopeLogs: [{ logRecords: [{ timeUnixNano: '1700000000000000000', severityNumber: 17, severityText: 'ERROR', body: { stringValue: 'disk full' } }] }] }] });
    expect(decodeLogsProto(body)[0]!.records).toEqual([{ timeNanos: 1700000000000000000n, observedNanos: 0n, severityNumber: 17, severityText: 'ERROR', body: 'disk full', attributes: {} }]);
  });

  it('encodes responses that decode back, empty when nothing was rejected', () => {
    expect(encodeResponseProto('traces', 0, '')).toHaveLength(0);
    const t = otlpProtoType('ExportLogsServiceResponse');
    expect(t.toObject(t.decode(encodeResponseProto('logs', 3, 'no server')), { longs: String })).toEqual({ partialSuccess: { rejectedLogRecords: '3', errorMessage: 'no server' } });
  });
});

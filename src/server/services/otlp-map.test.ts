import { describe, expect, it } from 'vitest';
import { SPAN_KIND, type OtlpSpan } from '../ingest/otlp-model';
import { templateById } from '../../shared/app-templates';
import { inWindow, LANGUAGE_TEMPLATES, logMessage, otlpLogSource, resourceTarget, severityOf, spanMessage } from './otlp-map';

const T = 1_700_000_000n * 1_000_000_000n;
const span = (over: Partial<OtlpSpan>): OtlpSpan => ({
  traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', parentSpanId: '', name: 'GET /x', kind: SPAN_KIND.SERVER,
  startNanos: T, endNanos: T + 42_500_000n, attributes: {}, statusCode: 0, statusMessage: '', ...over,
});
const target = resourceTarget({ 'service.name': 'shop', 'host.name': 'web-01', 'process.pid': 7 });

describe('resourceTarget', () => {
  it('reads service, host and pid; an SDK without service.name is unknown_service', () => {
    expect(target).toEqual({ service: 'shop', host: 'web-01', pid: 7 });
    expect(resourceTarget({})).toEqual({ service: 'unknown_service', host: null, pid: 0 });
    expect(resourceTarget({ 'process.pid': 'x' }).pid).toBe(0);
    expect(resourceTarget({ 'service.name': 'a\0b', 'host.name': 'h\0' })).toMatchObject({ service: 'a\uFFFDb', host: 'h\uFFFD' });
  });
});

describe('spanMessage', () => {
  it('a SERVER span is a url message on the called address, its peer the parent span', () => {
    const m = spanMessage(span({ parentSpanId: '00f067aa0ba902b7', attributes: { 'server.address': 'api.internal', 'server.port': 8080 } }), target)!;
    expect(m).toMatchObject({ log_type: 'url', event: 'request', application: 'shop', pid: 7, own_ip: 'api.internal', own_port: 8080, peer_ip: 'span:00f067aa0ba902b7', peer_port: 0, statement: 'GET /x', time: 1_700_000_000 });
    expect(m.duration).toBeCloseTo(0.0425, 6);
  });

  it('a root SERVER span without server.address is on its host, its peer the client address', () => {
    const m = spanMessage(span({ attributes: { 'client.address': '10.0.0.9', 'client.port': 51000 } }), target)!;
    expect(m).toMatchObject({ own_ip: 'web-01', own_port: 0, peer_ip: '10.0.0.9', peer_port: 51000 });
  });

  it('a CLIENT span is an sql message from its own span to server.address or net.peer.name', () => {
    expect(spanMessage(span({ kind: SPAN_KIND.CLIENT, attributes: { 'server.address': 'db', 'server.port': 5432 } }), target)).toMatchObject({
      log_type: 'sql', own_ip: 'span:b7ad6b7169203331', own_port: 0, peer_ip: 'db', peer_port: 5432,
    });
    expect(spanMessage(span({ kind: SPAN_KIND.PRODUCER, attributes: { 'net.peer.name': 'kafka', 'net.peer.port': '9092' } }), target)).toMatchObject({ peer_ip: 'kafka', peer_port: 9092 });
  });

  it('an error status is event error with its message in the statement; INTERNAL spans are no message', () => {
    expect(spanMessage(span({ statusCode: 2, statusMessage: 'boom' }), target)).toMatchObject({ event: 'error', statement: 'GET /x (error: boom)' });
    expect(spanMessage(span({ kind: SPAN_KIND.INTERNAL }), target)).toBeNull();
    expect(spanMessage(span({ kind: SPAN_KIND.UNSPECIFIED }), target)).toBeNull();
  });

  it('an end before the start is a zero duration; a port out of range is 0', () => {
    const m = spanMessage(span({ endNanos: T - 1n, attributes: { 'server.port': 70000 } }), target)!;
    expect(m.duration).toBe(0);
    expect(m.own_port).toBe(0);
  });
});

describe('severityOf', () => {
  it.each([
    [1, '', 'info'], [5, '', 'info'], [9, '', 'info'], [12, '', 'info'], [13, '', 'warning'], [16, '', 'warning'],
    [17, '', 'critical'], [24, '', 'critical'], [0, 'WARNING', 'warning'], [0, 'Error', 'critical'], [0, 'fatal', 'critical'], [0, '', 'info'],
  ] as const)('severity_number %i, text "%s" is %s', (severityNumber, severityText, want) => {
    expect(severityOf({ severityNumber, severityText })).toBe(want);
  });
});

describe('logMessage', () => {
  it('takes the time to the second, the observed time when unset', () => {
    const r = { timeNanos: T + 999_999_999n, observedNanos: 0n, severityNumber: 9, severityText: '', body: 'hi', attributes: {} };
    expect(logMessage(r)).toEqual({ time: 1_700_000_000, severity: 'info', data: 'hi' });
    expect(logMessage({ ...r, timeNanos: 0n, observedNanos: T + 60_000_000_000n }).time).toBe(1_700_000_060);
  });
});

it('inWindow and otlpLogSource', () => {
  expect(inWindow(1000, 1000 + 86_400)).toBe(true);
  expect(inWindow(999, 1000 + 86_400)).toBe(false);
  expect(inWindow(1301, 1000)).toBe(false);
  expect(otlpLogSource('a\nb')).toBe('/otlp/a_b');
  expect(otlpLogSource('a\uFFFDb')).toBe('/otlp/a_b');
});

it('the language templates are the Node.js and Java ones', () => {
  expect(Object.fromEntries(Object.entries(LANGUAGE_TEMPLATES).map(([k, id]) => [k, templateById(id)?.name]))).toEqual({ nodejs: 'Node.js', java: 'Java / JVM' });
});

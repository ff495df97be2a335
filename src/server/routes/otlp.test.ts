import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter as JsonLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtoLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { LoggerProvider, SimpleLogRecordProcessor, type LogRecordExporter } from '@opentelemetry/sdk-logs';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, startTestService, type TestAccount, type TestService } from '../testing/harness';
import { registerTestServer } from '../testing/ingest';

/**
 * OTLP/HTTP in (issue 20) with the OpenTelemetry JS SDK's own exporters, protobuf and JSON, against
 * the real service on a loopback port, on whichever store runs (STORE=postgres for PostgreSQL).
 */
let svc: TestService;
let token: string;
let web: number;
let app: number;

interface ExportResult { code: number; error?: Error }
/** Wraps an exporter to keep the result of each export (0 = SUCCESS). */
function recording<E extends SpanExporter | LogRecordExporter>(inner: E, results: ExportResult[]): E {
  const exportFn = inner.export.bind(inner) as (items: never, cb: (r: ExportResult) => void) => void;
  (inner as { export: unknown }).export = (items: never, cb: (r: ExportResult) => void) => exportFn(items, (r) => {
    results.push(r);
    cb(r);
  });
  return inner;
}

const resource = (service: string, host: string, pid: number) =>
  resourceFromAttributes({ 'service.name': service, 'host.name': host, 'process.pid': pid, 'telemetry.sdk.language': 'nodejs' });

/** Service A (on web-otlp) serves GET /checkout and calls service B (on app-otlp) at inventory.internal:8080. */
async function sendTrace(encoding: 'protobuf' | 'json', startMs: number): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  const opts = { url: `${svc.baseUrl}/v1/traces`, headers: { Authorization: `Bearer ${token}` } };
  const exporter = () => recording(encoding === 'protobuf' ? new ProtoTraceExporter(opts) : new JsonTraceExporter(opts), results);
  const a = new BasicTracerProvider({ resource: resource('checkout', 'web-otlp', 1111), spanProcessors: [new SimpleSpanProcessor(exporter())] });
  const b = new BasicTracerProvider({ resource: resource('inventory', 'app-otlp', 2222), spanProcessors: [new SimpleSpanProcessor(exporter())] });
  const ta = a.getTracer('test');
  const tb = b.getTracer('test');
  const root = ta.startSpan('GET /checkout', { kind: SpanKind.SERVER, startTime: startMs, attributes: { 'server.address': 'shop.example', 'server.port': 443 } });
  const call = ta.startSpan('GET /items', { kind: SpanKind.CLIENT, startTime: startMs + 10, attributes: { 'server.address': 'inventory.internal', 'server.port': 8080 } }, trace.setSpan(ROOT_CONTEXT, root));
  const served = tb.startSpan('GET /items', { kind: SpanKind.SERVER, startTime: startMs + 12, attributes: { 'server.address': 'inventory.internal', 'server.port': 8080 } }, trace.setSpan(ROOT_CONTEXT, call));
  served.setStatus({ code: SpanStatusCode.ERROR, message: 'out of stock' });
  served.end(startMs + 52);
  call.end(startMs + 55);
  root.end(startMs + 80);
  await Promise.all([a.forceFlush(), b.forceFlush()]);
  await Promise.all([a.shutdown(), b.shutdown()]);
  return results;
}

/** Exporter options: the URL and header given in code, or none (then the OTEL_EXPORTER_OTLP_* environment). */
type LogOpts = { url: string; headers: Record<string, string> } | undefined;

async function sendLogs(encoding: 'protobuf' | 'json', text: string, as = token, fromEnv = false): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  const opts: LogOpts = fromEnv ? undefined : { url: `${svc.baseUrl}/v1/logs`, headers: { Authorization: `Bearer ${as}` } };
  const exporter = recording(encoding === 'protobuf' ? new ProtoLogExporter(opts) : new JsonLogExporter(opts), results);
  const provider = new LoggerProvider({ resource: resource('inventory', 'app-otlp', 2222), processors: [new SimpleLogRecordProcessor(exporter)] });
  const logger = provider.getLogger('test');
  logger.emit({ severityNumber: SeverityNumber.WARN, severityText: 'WARN', body: `${text} warn` });
  logger.emit({ severityNumber: SeverityNumber.ERROR, severityText: 'ERROR', body: `${text} error` });
  logger.emit({ severityNumber: SeverityNumber.DEBUG, body: { text: `${text} structured` } });
  await provider.forceFlush();
  await provider.shutdown();
  return results;
}

async function tokenOf(as: TestAccount): Promise<string> {
  const made = await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'otel' }, as });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.token as string;
}

beforeAll(async () => {
  svc = await startTestService();
  token = await tokenOf(svc.account);
  expect((await svc.request('PUT', '/api/v5/transactions/', { form: { transactions_on: true } })).status).toBe(200);
  web = await registerTestServer(svc, 'otlp-web', svc.account, { hostname: 'web-otlp' });
  app = await registerTestServer(svc, 'otlp-app', svc.account, { hostname: 'app-otlp' });
});
afterAll(async () => svc.close());

type Tx = { clientServerId: number; clientPid: number; serverServerId: number; serverPid: number; serverIp: string; serverPort: number; serverDuration: number; timing?: { duration: number | null } };

describe.each(['protobuf', 'json'] as const)('OTLP/HTTP %s from the OpenTelemetry JS SDK', (encoding) => {
  it('a trace across two services reads back through the trace API with both hops', async () => {
    const startMs = Date.now() - (encoding === 'json' ? 120_000 : 60_000);
    const results = await sendTrace(encoding, startMs);
    expect(results.map((r) => r.code), String(results.find((r) => r.error)?.error)).toEqual([0, 0, 0]);

    const r = await svc.request('GET', `/api/v5/transactions/trace/?time=${startMs / 1000}&sid=${web}&pid=1111`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const txs = r.body.transactions as Tx[];
    // The outside world -> checkout (the root SERVER span) and checkout -> inventory (CLIENT paired with SERVER).
    expect(txs).toHaveLength(2);
    expect(txs[0]).toMatchObject({ clientServerId: 0, serverServerId: web, serverPid: 1111, serverIp: 'shop.example', serverPort: 443 });
    expect(txs[0]!.serverDuration).toBeCloseTo(0.08, 3);
    expect(txs[1]).toMatchObject({ clientServerId: web, clientPid: 1111, serverServerId: app, serverPid: 2222, serverIp: 'inventory.internal', serverPort: 8080 });
    expect(txs[1]!.serverDuration).toBeCloseTo(0.04, 3);
    expect(r.body.request.duration).toBeCloseTo(0.08, 3);

    // The served span is a message of app-otlp's AFURL log, its error status in the statement.
    const inventory = (r.body.processes as { serverId: number; logId: number | null; logType: string | null }[]).find((p) => p.serverId === app)!;
    expect(inventory.logType).toBe('url');
    const list = await svc.request('GET', `/api/v5/transactions/log/?lid=${inventory.logId}&type=url&start=${Math.floor(startMs / 1000) - 1}&duration=5`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((list.body as { url: string; pid: number }[]).map((m) => [m.url, m.pid])).toEqual([['GET /items (error: out of stock)', 2222]]);
  });

  it('log records are messages of a log per service and host, found by the log search', async () => {
    const text = `otlp-${encoding}-${Date.now()}`;
    const results = await sendLogs(encoding, text);
    expect(results.map((r) => r.code), String(results.find((r) => r.error)?.error)).toEqual([0, 0, 0]);
    const r = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const found = (r.body.data as { message: string; severity: string; source: string; server_id: number; source_type: string }[])
      .map((m) => ({ message: m.message, severity: m.severity, source: m.source, server_id: m.server_id, source_type: m.source_type }))
      .sort((x, y) => x.severity.localeCompare(y.severity));
    const where = { source: '/otlp/inventory', server_id: app, source_type: 'FILE' };
    expect(found).toEqual([
      { message: `${text} error`, severity: 'critical', ...where },
      { message: `{"text":"${text} structured"}`, severity: 'info', ...where },
      { message: `${text} warn`, severity: 'warning', ...where },
    ]);
  });
});

/** The value of a /metrics sample with exactly these labels, 0 when absent. */
async function metric(name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${svc.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const logsBody = (host: string, text: string, time = Date.now()) => JSON.stringify({
  resourceLogs: [{
    resource: { attributes: [{ key: 'service.name', value: { stringValue: 'billing' } }, { key: 'host.name', value: { stringValue: host } }] },
    scopeLogs: [{ logRecords: [{ timeUnixNano: String(BigInt(time) * 1_000_000n), severityText: 'Error', body: { stringValue: text } }] }],
  }],
});

describe('OTLP/HTTP ingest details', () => {
  it('the exporter configured only by OTEL_EXPORTER_OTLP_ENDPOINT and _HEADERS, as the docs say, delivers', async () => {
    const saved = { endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT, headers: process.env.OTEL_EXPORTER_OTLP_HEADERS };
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = svc.baseUrl;
    process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${token}`;
    try {
      const text = `by-env-${Date.now()}`;
      const results = await sendLogs('protobuf', text, token, true);
      expect(results.map((r) => r.code), String(results.find((r) => r.error)?.error)).toEqual([0, 0, 0]);
      const found = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
      expect(found.body.data).toHaveLength(3);
    } finally {
      for (const [k, v] of [['OTEL_EXPORTER_OTLP_ENDPOINT', saved.endpoint], ['OTEL_EXPORTER_OTLP_HEADERS', saved.headers]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('gzip bodies and a user key (Basic) are accepted; the ingest metric counts the records', async () => {
    const before = await metric('fleetwatch_ingest_rows_total', 'source="otlp",kind="logs"');
    const text = `gzipped-${Date.now()}`;
    const r = await fetch(`${svc.baseUrl}/v1/logs`, {
      method: 'POST', body: new Uint8Array(gzipSync(logsBody('app-otlp', text))),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: basicHeader(svc.account) },
    });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await r.json()).toEqual({});
    const found = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
    expect(found.body.data.map((m: { message: string; severity: string; source: string }) => [m.message, m.severity, m.source])).toEqual([[text, 'critical', '/otlp/billing']]);
    expect(await metric('fleetwatch_ingest_rows_total', 'source="otlp",kind="logs"')).toBe(before + 1);
  });

  it('records of an unknown host or far in the past are rejected in partial_success, the rest stored', async () => {
    const text = `partial-${Date.now()}`;
    const body = JSON.parse(logsBody('app-otlp', text)) as { resourceLogs: { scopeLogs: { logRecords: unknown[] }[] }[] };
    body.resourceLogs[0]!.scopeLogs[0]!.logRecords.push({ timeUnixNano: String(BigInt(Date.now() - 3 * 86_400_000) * 1_000_000n), body: { stringValue: `${text} old` } });
    body.resourceLogs.push(...(JSON.parse(logsBody('nowhere', `${text} lost`)) as typeof body).resourceLogs);
    const r = await fetch(`${svc.baseUrl}/v1/logs`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { partialSuccess: { rejectedLogRecords: string; errorMessage: string } };
    expect(answer.partialSuccess.rejectedLogRecords).toBe('2');
    const found = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
    expect(found.body.data.map((m: { message: string }) => m.message)).toEqual([text]);
  });

  it('NUL characters in names and bodies are stored replaced, never a 500', async () => {
    const text = `nul-${Date.now()}`;
    const body = JSON.parse(logsBody('app-otlp', `${text}\u0000end`)) as { resourceLogs: { resource: { attributes: { key: string; value: { stringValue: string } }[] } }[] };
    body.resourceLogs[0]!.resource.attributes[0]!.value.stringValue = 'bil\u0000ling';
    const r = await fetch(`${svc.baseUrl}/v1/logs`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    expect(r.status, await r.clone().text()).toBe(200);
    const found = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
    expect(found.body.data.map((m: { source: string }) => m.source)).toEqual(['/otlp/bil_ling']);
  });

  it('services of the Node.js SDK (the traces above) became applications on their servers', async () => {
    const apps = await svc.request('GET', '/api/v5/applications/');
    expect(apps.status, JSON.stringify(apps.body)).toBe(200);
    const byName = new Map((apps.body.data as { name: string; servers: number[] }[]).map((a) => [a.name, a.servers]));
    expect(byName.get('checkout')).toEqual([web]);
    expect(byName.get('inventory')).toEqual([app]);
  });

  it('spans are rejected, nothing stored, while the account has transactions off', async () => {
    const other = await svc.newAccount(`otlp-off-${Date.now()}@example.com`);
    const theirs = await tokenOf(other);
    await registerTestServer(svc, 'otlp-off-web', other, { hostname: 'web-otlp' });
    const startMs = Date.now();
    const span = { traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8), name: 'GET /', kind: 2, startTimeUnixNano: String(BigInt(startMs) * 1_000_000n), endTimeUnixNano: String(BigInt(startMs + 5) * 1_000_000n) };
    const body = { resourceSpans: [{ resource: { attributes: [{ key: 'host.name', value: { stringValue: 'web-otlp' } }] }, scopeSpans: [{ spans: [span] }] }] };
    const r = await fetch(`${svc.baseUrl}/v1/traces`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${theirs}` } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: expect.stringMatching(/transactions are off/) } });
    const rows = await svc.sql.all<{ n: number }>('SELECT count(*) AS n FROM transaction_messages WHERE account_id = ?', other.id);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('OTLP/HTTP refusals', () => {
  const post = (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
    fetch(`${svc.baseUrl}${path}`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('base64 ids in JSON are a 400 naming the field', async () => {
    const body = JSON.stringify({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ spans: [{ traceId: 'AAECAwQFBgcICQoLDA0ODw==', spanId: 'AAECAwQFBgc=', name: 'x', kind: 2, startTimeUnixNano: '1', endTimeUnixNano: '2' }] }] }] });
    const r = await post('/v1/traces', body, { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    const e = (await r.json()) as { error: { field: string; message: string } };
    expect(e.error.field).toBe('resourceSpans[0].scopeSpans[0].spans[0].traceId');
    expect(e.error.message).toMatch(/32 hex characters \(OTLP\/JSON ids are hex, not base64\)/);
  });

  it('a damaged protobuf body is a 400, an unknown content type a 415, a wrong token a 401', async () => {
    const bad = await post('/v1/traces', new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]), { 'content-type': 'application/x-protobuf' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/not a protobuf ExportTraceServiceRequest/);
    const xml = await post('/v1/logs', '<x/>', { 'content-type': 'text/xml' });
    expect(xml.status).toBe(415);
    const wrong = await fetch(`${svc.baseUrl}/v1/logs`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', authorization: `Bearer ${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` } });
    expect(wrong.status).toBe(401);
  });

  it("another account's token cannot write into this account nor read it", async () => {
    const theirs = await tokenOf(svc.other);
    const text = `foreign-${Date.now()}`;
    // Their token: the records name app-otlp, which is no server of theirs, so every record is rejected.
    const results = await sendLogs('json', text, theirs);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    const mine = await svc.request('GET', `/api/v5/logs/search/?filter=${text}`);
    expect(mine.body.data).toEqual([]);
    const raw = await fetch(`${svc.baseUrl}/v1/logs`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${theirs}` },
      body: JSON.stringify({ resourceLogs: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'x' } }, { key: 'host.name', value: { stringValue: 'app-otlp' } }] }, scopeLogs: [{ logRecords: [{ timeUnixNano: String(Date.now() * 1e6), body: { stringValue: text } }] }] }] }),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ partialSuccess: { rejectedLogRecords: '1', errorMessage: 'service x: no server of this account has hostname app-otlp (run the collector or scrape node_exporter there first)' } });
    // And the other account reads nothing of this one.
    const r = await svc.request('GET', `/api/v5/transactions/trace/?time=${Date.now() / 1000}&sid=${web}&pid=1111`, { as: svc.other });
    expect(r.status).toBe(404);
    const search = await svc.request('GET', '/api/v5/logs/search/?filter=otlp-', { as: svc.other });
    expect(search.body.data).toEqual([]);
  });
});

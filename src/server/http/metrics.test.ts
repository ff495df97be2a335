import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlerting } from '../alerting/start';
import { readEnv } from '../config';
import { eventServer, seedLog, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';
import { parsePromText, sampleValue, type PromText } from '../testing/prom-text';
import { testStoreKind } from '../store/test-store';

let svc: TestService;
let server: EventServer;

/** Scrapes /metrics as Prometheus would, over loopback, and parses the answer (failing on a bad line). */
async function scrape(): Promise<PromText> {
  const r = await fetch(`${svc.baseUrl}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePromText(await r.text());
}

const minuteNow = () => Math.floor(Date.now() / 60_000) * 60;

beforeAll(async () => {
  svc = await startTestService();
  server = await eventServer(svc, svc.account, 'metrics-host');
});
afterAll(async () => {
  await svc.close();
});

describe('GET /metrics', () => {
  it('exposes typed families: HTTP, ingest, evaluation, outbox, store and process metrics', async () => {
    const p = await scrape();
    expect(Object.fromEntries([...p.types].filter(([n]) => n.startsWith('fleetwatch_')))).toMatchObject({
      fleetwatch_http_requests_total: 'counter',
      fleetwatch_http_request_duration_seconds: 'histogram',
      fleetwatch_ingest_batches_total: 'counter',
      fleetwatch_ingest_rows_total: 'counter',
      fleetwatch_evaluation_lag_seconds: 'histogram',
      fleetwatch_evaluation_queue_depth: 'gauge',
      fleetwatch_evaluation_queue_oldest_age_seconds: 'gauge',
      fleetwatch_outbox_messages: 'gauge',
      fleetwatch_store_up: 'gauge',
    });
    expect(p.types.get('process_cpu_seconds_total')).toBe('counter');
    expect(p.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(sampleValue(p, 'fleetwatch_store_up')).toBe(1);
    if (testStoreKind() === 'postgres') {
      expect(p.types.get('fleetwatch_store_pool_connections')).toBe('gauge');
      expect(sampleValue(p, 'fleetwatch_store_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      // Pages live in the WAL until a checkpoint: the two files together hold the schema and the accounts.
      expect(sampleValue(p, 'fleetwatch_store_file_bytes', { file: 'db' })).toBeGreaterThanOrEqual(4096);
      expect(sampleValue(p, 'fleetwatch_store_file_bytes')).toBeGreaterThan(4096);
    }
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/v5/servers/:id', status_class: '2xx' };
    for (let i = 0; i < 3; i++) expect((await svc.request('GET', `/api/v5/servers/${server.id}/`)).status).toBe(200);
    expect((await svc.request('GET', '/api/v5/servers/999999/')).status).toBe(404);
    expect((await svc.request('GET', '/no/such/page/12345')).status).toBe(404);
    const after = await scrape();
    expect(sampleValue(after, 'fleetwatch_http_requests_total', route) - sampleValue(before, 'fleetwatch_http_requests_total', route)).toBe(3);
    const notFound = { ...route, status_class: '4xx' };
    expect(sampleValue(after, 'fleetwatch_http_requests_total', notFound) - sampleValue(before, 'fleetwatch_http_requests_total', notFound)).toBe(1);
    expect(sampleValue(after, 'fleetwatch_http_request_duration_seconds_count', route) - sampleValue(before, 'fleetwatch_http_request_duration_seconds_count', route)).toBe(3);
    const routes = new Set(after.samples.filter((s) => s.name === 'fleetwatch_http_requests_total').map((s) => s.labels.route!));
    expect(routes).toContain('(unmatched)');
    for (const r of routes) expect(r, `route label ${r}`).not.toMatch(/\d{3,}|12345|@/);
    // No account data anywhere: neither the e-mails nor the hostname of the tenants.
    const text = await (await fetch(`${svc.baseUrl}/metrics`)).text();
    for (const secret of [svc.account.email, svc.other.email, 'metrics-host', svc.account.key]) expect(text).not.toContain(secret);
  });

  it('counts an ingested batch and its rows by kind, and the evaluation of it', async () => {
    const alerting = startAlerting(svc.deps);
    try {
      const owner = (await svc.request('GET', '/api/v5/users/')).body.data[0].id as number;
      const alert = await svc.request('POST', '/api/v5/alerts/', { form: { name: 'cpu', type: 'Server', target_id: server.id, trigger_type: 'CPU', threshold: 50, users: [owner] } });
      expect(alert.status).toBe(201);
      const log = await seedLog(svc, server, 'file', '/var/log/app.log');
      const before = await scrape();
      const t = minuteNow();
      await sendEvents(svc, server, t, {
        processes: [{ pid: 1, create_time: 1, name: 'init' }, { pid: 2, create_time: 1, name: 'sshd' }],
        logs: [{ log_id: log, messages: [1, 2, 3].map((i) => ({ time: t + i, severity: 'info' as const, data: `line ${i}` })) }],
        statsd: [{ name: 'jobs.done', type: 'counter' as const, value: 4 }],
      });
      await alerting.idle();
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(delta('fleetwatch_ingest_batches_total', { source: 'collector' })).toBe(1);
      expect(delta('fleetwatch_ingest_rows_total', { source: 'collector', kind: 'processes' })).toBe(2);
      expect(delta('fleetwatch_ingest_rows_total', { source: 'collector', kind: 'log_lines' })).toBe(3);
      expect(delta('fleetwatch_ingest_rows_total', { source: 'collector', kind: 'statsd' })).toBe(1);
      expect(delta('fleetwatch_ingest_rows_total', { source: 'collector', kind: 'server_samples' })).toBe(1);
      expect(delta('fleetwatch_evaluation_lag_seconds_count', {})).toBe(1);
      expect(sampleValue(after, 'fleetwatch_evaluation_queue_depth')).toBe(0);
      // A replayed batch is not accepted again.
      const replay = await svc.request('POST', '/api/v5/collector/batches', { json: { batch_id: 'replayed', guid: server.guid, minute: t - 60, server: { cpu: 1, memory: 1 } } });
      expect(replay.body.stored).toBe(true);
      const again = await svc.request('POST', '/api/v5/collector/batches', { json: { batch_id: 'replayed', guid: server.guid, minute: t - 60, server: { cpu: 1, memory: 1 } } });
      expect(again.body.stored).toBe(false);
      await alerting.idle();
      expect(sampleValue(await scrape(), 'fleetwatch_ingest_batches_total', { source: 'collector' }) - sampleValue(after, 'fleetwatch_ingest_batches_total', { source: 'collector' })).toBe(1);
    } finally {
      await alerting.stop();
    }
  });

  it('shows the evaluation queue and a pending callback in the outbox gauges', async () => {
    // No alert path runs now: what is queued stays queued.
    const owner = (await svc.request('GET', '/api/v5/users/')).body.data[0].id as number;
    const alert = await svc.request('POST', '/api/v5/alerts/', { form: { name: 'cb', type: 'Server', target_id: server.id, trigger_type: 'CPU', threshold: 50, users: [owner] } });
    expect(alert.status).toBe(201);
    const put = await svc.request('PUT', `/api/v5/alerts/${alert.body.id}/`, { form: { subscribers: [{ url: 'http://192.0.2.1/hook', type: 'post' }] } });
    expect(put.status).toBe(200);
    const before = await scrape();
    const pendingCallbacks = { channel: 'callback', state: 'pending' };
    expect(sampleValue(before, 'fleetwatch_outbox_messages', { channel: 'email', state: 'failed' })).toBe(0);
    expect((await svc.request('POST', `/api/v5/alerts/${alert.body.id}/test_callback/`)).status).toBe(202);
    await sendEvents(svc, server, minuteNow() - 120, {});
    const after = await scrape();
    expect(sampleValue(after, 'fleetwatch_outbox_messages', pendingCallbacks) - sampleValue(before, 'fleetwatch_outbox_messages', pendingCallbacks)).toBe(1);
    expect(sampleValue(after, 'fleetwatch_evaluation_queue_depth')).toBe(1);
    expect(sampleValue(after, 'fleetwatch_evaluation_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'fleetwatch_evaluation_queue_oldest_age_seconds')).toBeLessThan(60);
  });

  it('refuses addresses outside METRICS_ALLOW_NETS with 403 in the error shape, security headers on', async () => {
    const r = await svc.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: { status: 403, message: expect.stringContaining('METRICS_ALLOW_NETS') } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    // A local proxy forwarding an outside caller does not make it local.
    const proxied = await svc.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    const local = await svc.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['x-content-type-options']).toBe('nosniff');
    expect(local.headers['cache-control']).toBe('no-store');
  });
});

describe('METRICS_ALLOW_NETS', () => {
  it('defaults to loopback, may be empty, and stops start-up on a bad entry naming the setting', () => {
    expect(readEnv({}).METRICS_ALLOW_NETS).toBe('127.0.0.0/8,::1/128');
    expect(readEnv({ METRICS_ALLOW_NETS: '' }).METRICS_ALLOW_NETS).toBe('');
    expect(readEnv({ METRICS_ALLOW_NETS: '10.0.0.0/8, fd00::/8' }).METRICS_ALLOW_NETS).toBe('10.0.0.0/8, fd00::/8');
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.0/8,nope']) {
      expect(() => readEnv({ METRICS_ALLOW_NETS: bad })).toThrow(/^invalid environment variable METRICS_ALLOW_NETS/);
    }
  });

  it("judges the client address a trusted proxy forwards, not the proxy's", async () => {
    const proxied = await startTestService({ trustProxy: '127.0.0.1', metricsAllowNets: '10.1.0.0/16' });
    try {
      const via = async (client: string) => (await proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } })).statusCode;
      expect(await via('10.1.2.3')).toBe(200);
      expect(await via('203.0.113.7')).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('allows the networks it names and only those', async () => {
    const other = await startTestService({ metricsAllowNets: '10.1.0.0/16, 2001:db8::/32' });
    try {
      const status = async (remoteAddress: string) => (await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode;
      expect(await status('10.1.2.3')).toBe(200);
      expect(await status('::ffff:10.1.2.3')).toBe(200);
      expect(await status('2001:db8::5')).toBe(200);
      expect(await status('10.2.0.1')).toBe(403);
      expect(await status('127.0.0.1')).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('empty turns /metrics off: 404 in the error shape, even where the dashboard answers other paths', async () => {
    const web = mkdtempSync(join(tmpdir(), 'fw-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>shell</title>');
    const off = await startTestService({ metricsAllowNets: '', webDir: web });
    try {
      expect((await fetch(`${off.baseUrl}/servers`)).status).toBe(200);
      const r = await fetch(`${off.baseUrl}/metrics`);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ error: { status: 404, message: 'not found' } });
    } finally {
      await off.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

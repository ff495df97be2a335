import { AggregationTemporalityPreference, OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtoMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceMetrics } from '../ingest/otlp-model';
import { DEFAULT_SERIES_LIMITS } from '../services/labelled-series';
import { DeltaTotals, ingestMetrics } from '../services/otlp-metrics';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { promGet } from '../testing/remote-write';

/**
 * OTLP/HTTP metrics in (issue 20) with the OpenTelemetry JS SDK's own exporters (protobuf and JSON,
 * cumulative and delta temporality) against the real service on a loopback port, read back through
 * the Prometheus query API; on whichever store runs (STORE=postgres for PostgreSQL).
 */
let svc: TestService;
let bearer: string;

beforeAll(async () => {
  svc = await startTestService();
  const made = await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'otel' } });
  expect(made.status).toBe(201);
  bearer = `Bearer ${made.body.token as string}`;
});
afterAll(async () => svc?.close());

interface ExportResult { code: number; error?: Error }
function recording(inner: PushMetricExporter, results: ExportResult[]): PushMetricExporter {
  const exportFn = inner.export.bind(inner);
  inner.export = (metrics, cb) => exportFn(metrics, (r) => {
    results.push(r);
    cb(r);
  });
  return inner;
}

/** A meter provider of service `job` (instance `job-1`) exporting on forceFlush only. */
function provider(job: string, encoding: 'protobuf' | 'json', temporality: AggregationTemporalityPreference, results: ExportResult[]) {
  const opts = { url: `${svc.baseUrl}/v1/metrics`, headers: { Authorization: bearer }, temporalityPreference: temporality };
  const exporter = recording(encoding === 'protobuf' ? new ProtoMetricExporter(opts) : new JsonMetricExporter(opts), results);
  return new MeterProvider({
    resource: resourceFromAttributes({ 'service.name': job, 'service.instance.id': `${job}-1`, 'host.name': 'otel-host' }),
    readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })],
  });
}

/** Exercises a counter, an up-down counter, a gauge and a histogram over two exports. */
async function record(p: MeterProvider) {
  const meter = p.getMeter('fleetwatch-test');
  const requests = meter.createCounter('http.server.requests', { unit: '{request}' });
  const queue = meter.createUpDownCounter('queue.depth');
  const temp = meter.createGauge('room.temperature', { unit: 'Cel' });
  const latency = meter.createHistogram('http.server.duration', { unit: 's', advice: { explicitBucketBoundaries: [0.1, 0.5, 1] } });
  requests.add(3, { route: '/a' });
  queue.add(5);
  temp.record(21.5, { 'room.name': 'lab' });
  latency.record(0.05);
  await p.forceFlush();
  requests.add(4, { route: '/a' });
  queue.add(-2);
  temp.record(22.5, { 'room.name': 'lab' });
  latency.record(0.7);
  latency.record(2);
  await p.forceFlush();
  await p.shutdown();
}

/** The latest value query_range answers for each series of `query` over the last two minutes. */
async function latest(query: string): Promise<Record<string, string>[]> {
  const now = Date.now() / 1000;
  const r = await promGet(svc.baseUrl, bearer, '/query_range', { query, start: Math.floor(now - 120), end: Math.ceil(now + 5), step: 5 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const result = r.body.data.result as { metric: Record<string, string>; values: [number, string][] }[];
  return result.map((s) => ({ ...s.metric, value: s.values.at(-1)![1] }));
}

describe.each([
  ['protobuf', AggregationTemporalityPreference.CUMULATIVE, 'shop-cumulative'],
  ['json', AggregationTemporalityPreference.DELTA, 'shop-delta'],
  ['protobuf', AggregationTemporalityPreference.DELTA, 'shop-delta-proto'],
  ['json', AggregationTemporalityPreference.CUMULATIVE, 'shop-cumulative-json'],
] as const)('the SDK exporting %s with temporality %s', (encoding, temporality, job) => {
  it('stores counter, up-down counter, gauge and histogram as Prometheus-named series with cumulative values', async () => {
    const results: ExportResult[] = [];
    await record(provider(job, encoding, temporality, results));
    // Two flushes and the shutdown's: all succeeded.
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(results.filter((r) => r.code !== 0).map((r) => r.error?.message)).toEqual([]);

    const series = await promGet(svc.baseUrl, bearer, '/series', { 'match[]': `{job="${job}"}` });
    expect(series.status).toBe(200);
    const names = (series.body.data as Record<string, string>[]).map((s) => s.__name__).sort();
    expect([...new Set(names)]).toEqual([
      'http_server_duration_seconds_bucket', 'http_server_duration_seconds_count', 'http_server_duration_seconds_sum',
      'http_server_requests_total', 'queue_depth', 'room_temperature_celsius',
    ]);

    const sel = `{job="${job}",instance="${job}-1"}`;
    expect(await latest(`http_server_requests_total${sel}`)).toEqual([{ __name__: 'http_server_requests_total', job, instance: `${job}-1`, route: '/a', value: '7' }]);
    expect((await latest(`queue_depth${sel}`)).map((s) => s.value)).toEqual(['3']);
    expect(await latest(`room_temperature_celsius${sel}`)).toEqual([{ __name__: 'room_temperature_celsius', job, instance: `${job}-1`, room_name: 'lab', value: '22.5' }]);
    const buckets = await latest(`http_server_duration_seconds_bucket${sel}`);
    expect(Object.fromEntries(buckets.map((b) => [b.le, b.value]))).toEqual({ '0.1': '1', '0.5': '1', '1': '2', '+Inf': '3' });
    expect((await latest(`http_server_duration_seconds_count${sel}`)).map((s) => s.value)).toEqual(['3']);
    expect((await latest(`http_server_duration_seconds_sum${sel}`)).map((s) => s.value)).toEqual(['2.75']);
  }, 30_000);
});

describe('POST /v1/metrics by hand', () => {
  const now = () => String(BigInt(Date.now()) * 1_000_000n);
  const post = (body: unknown, authorization = bearer) =>
    fetch(`${svc.baseUrl}/v1/metrics`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const gauge = (name: string, points: unknown[]) => ({ name, gauge: { dataPoints: points } });
  const request = (...metrics: unknown[]) => ({
    resourceMetrics: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'by-hand' } }] }, scopeMetrics: [{ metrics }] }],
  });

  it('answers partial success for an exponential histogram and a sum without temporality, storing the rest', async () => {
    const r = await post(
      request(
        gauge('hand.gauge', [{ timeUnixNano: now(), asInt: '12', attributes: [{ key: '1st', value: { stringValue: 'x' } }] }]),
        { name: 'hand.exp', exponentialHistogram: { dataPoints: [{ count: '1' }, { count: '2' }] } },
        { name: 'hand.sum', sum: { dataPoints: [{ timeUnixNano: now(), asDouble: 1 }], isMonotonic: true } },
      ),
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as { partialSuccess: { rejectedDataPoints: string; errorMessage: string } };
    expect(body.partialSuccess.rejectedDataPoints).toBe('3');
    expect(body.partialSuccess.errorMessage).toMatch(/exponential histograms are not stored/);
    expect(await latest('hand_gauge{job="by-hand"}')).toEqual([{ __name__: 'hand_gauge', job: 'by-hand', key_1st: 'x', value: '12' }]);
    expect(await latest('hand_sum_total')).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', 'nope', /not JSON/],
    ['a time that is not a number', request(gauge('g', [{ timeUnixNano: 'soon', asDouble: 1 }])), /timeUnixNano/],
    ['bucket counts that are not numbers', request({ name: 'h', histogram: { aggregationTemporality: 2, dataPoints: [{ bucketCounts: ['x'] }] } }), /bucketCounts/],
  ])('refuses %s with a 400 naming what is wrong', async (_what, body, message) => {
    const r = await fetch(`${svc.baseUrl}/v1/metrics`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('refuses an unsigned export and keeps an account\'s series from another', async () => {
    expect((await post(request(gauge('hand.secret', [{ timeUnixNano: now(), asDouble: 1 }])), 'Bearer nope')).status).toBe(401);
    const own = await post(request(gauge('hand.mine', [{ timeUnixNano: now(), asDouble: 5 }])));
    expect(own.status).toBe(200);
    const theirs = await promGet(svc.baseUrl, basicHeader(svc.other), '/series', { 'match[]': 'hand_mine' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect(await latest('hand_mine')).toHaveLength(1);
  });

  it('refuses another Content-Type with a 415', async () => {
    const r = await fetch(`${svc.baseUrl}/v1/metrics`, { method: 'POST', headers: { authorization: bearer, 'content-type': 'text/plain' }, body: 'x' });
    expect(r.status).toBe(415);
  });
});

describe('delta sums when the process restarts', () => {
  it('go on from the total stored, not from 0', async () => {
    const t0 = Date.now();
    const delta = (value: number, ms: number): ResourceMetrics[] => [
      { resource: { 'service.name': 'restarted' }, metrics: [{ name: 'jobs', unit: '', kind: 'sum', monotonic: true, temporality: 1, points: [{ attributes: {}, startNanos: 0n, timeNanos: BigInt(ms) * 1_000_000n, flags: 0, value }] }] },
    ];
    const ingest = (value: number, ms: number, totals: DeltaTotals) => ingestMetrics(svc.deps.store, svc.account.id, delta(value, ms), DEFAULT_SERIES_LIMITS, svc.deps.now(), totals);
    const first = new DeltaTotals();
    await ingest(5, t0 - 2000, first);
    await ingest(1, t0 - 1000, first);
    // A new process: its totals are empty, so it reads 6 back from the store.
    expect(await ingest(2, t0, new DeltaTotals())).toEqual({ accepted: 1, rejected: 0, message: '' });
    expect((await latest('jobs_total{job="restarted"}')).map((s) => s.value)).toEqual(['8']);
  });
});

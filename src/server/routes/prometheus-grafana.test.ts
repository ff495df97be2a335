import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { encodeWrite, promGet, remoteWrite } from '../testing/remote-write';

// What Grafana's Prometheus data source sends when a dashboard loads (buildinfo, labels, metric
// names, series, then each panel's query_range and instant query, forms POSTed as Grafana does),
// answered in Prometheus's exact JSON shapes: no `stats`, values as strings, times as seconds.

let svc: TestService;
let bearer: string;
const MINUTE = 60_000;
const base = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
const sec = (ms: number) => ms / 1000;
const start = sec(base + 10 * MINUTE);
const end = sec(base + 20 * MINUTE);

/** Samples 5 s into each of 30 minutes: a counter growing 60 a minute (1/s) per instance. */
const counter = (instance: string, perMinute: number) => ({
  labels: { __name__: 'http_requests_total', job: 'api', instance },
  samples: Array.from({ length: 30 }, (_, i): [number, number] => [base + i * MINUTE + 5000, i * perMinute]),
});

beforeAll(async () => {
  svc = await startTestService();
  bearer = `Bearer ${(await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'grafana' } })).body.token as string}`;
  const body = encodeWrite([
    counter('a:80', 60),
    counter('b:80', 120),
    { labels: { __name__: 'queue_depth', job: 'worker' }, samples: [[base + 15 * MINUTE, 7]] },
  ]);
  expect((await remoteWrite(svc.baseUrl, bearer, body)).status).toBe(204);
});
afterAll(() => svc.close());

/** POSTs a form as Grafana does (application/x-www-form-urlencoded). */
async function promPost(path: string, form: Record<string, string | number>, authorization = bearer) {
  const res = await fetch(`${svc.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('a Grafana dashboard load against Fleetwatch', () => {
  it('GET /api/v1/status/buildinfo', async () => {
    const r = await promGet(svc.baseUrl, bearer, '/status/buildinfo');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'success',
      data: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/), revision: expect.any(String), branch: expect.any(String), buildUser: expect.any(String), buildDate: expect.any(String), goVersion: expect.any(String) },
    });
  });

  it('GET and POST /api/v1/labels with start and end', async () => {
    const want = { status: 'success', data: ['__name__', 'instance', 'job'] };
    expect((await promGet(svc.baseUrl, bearer, '/labels', { start, end })).body).toEqual(want);
    expect(await promPost('/labels', { start, end })).toEqual({ status: 200, body: want });
    expect((await promPost('/labels', { start, end, 'match[]': 'queue_depth' })).body).toEqual({ status: 'success', data: ['__name__', 'job'] });
  });

  it('GET /api/v1/label/__name__/values and a label\'s values', async () => {
    expect((await promGet(svc.baseUrl, bearer, '/label/__name__/values', { start, end })).body).toEqual({ status: 'success', data: ['http_requests_total', 'queue_depth'] });
    expect((await promGet(svc.baseUrl, bearer, '/label/instance/values', { start, end, 'match[]': 'http_requests_total' })).body).toEqual({ status: 'success', data: ['a:80', 'b:80'] });
  });

  it('GET /api/v1/series with match[]', async () => {
    const r = await promGet(svc.baseUrl, bearer, '/series', { 'match[]': 'http_requests_total{instance=~"a.*"}', start, end });
    expect(r.body).toEqual({ status: 'success', data: [{ __name__: 'http_requests_total', job: 'api', instance: 'a:80' }] });
  });

  it('POST /api/v1/query_range (form): a matrix, values as strings at every step', async () => {
    const r = await promPost('/query_range', { query: 'sum by (job) (rate(http_requests_total[5m]))', start, end, step: 300 });
    expect(r).toEqual({
      status: 200,
      body: {
        status: 'success',
        data: { resultType: 'matrix', result: [{ metric: { job: 'api' }, values: [[start, '3'], [start + 300, '3'], [end, '3']] }] },
      },
    });
  });

  it('POST /api/v1/query (form): a vector, and a scalar for Grafana\'s 1+1 health check', async () => {
    const r = await promPost('/query', { query: 'topk(1, rate(http_requests_total[5m]))', time: end });
    expect(r.body).toEqual({ status: 'success', data: { resultType: 'vector', result: [{ metric: { job: 'api', instance: 'b:80' }, value: [end, '2'] }] } });
    expect((await promPost('/query', { query: '1+1', time: end })).body).toEqual({ status: 'success', data: { resultType: 'scalar', result: [end, '2'] } });
    const bySelector = await promGet(svc.baseUrl, basicHeader(svc.account), '/query', { query: 'queue_depth', time: sec(base + 16 * MINUTE) });
    expect(bySelector.body).toEqual({ status: 'success', data: { resultType: 'vector', result: [{ metric: { __name__: 'queue_depth', job: 'worker' }, value: [sec(base + 16 * MINUTE), '7'] }] } });
  });

  it('a range selector at an instant is a matrix of the raw samples', async () => {
    const r = await promPost('/query', { query: 'http_requests_total{instance="a:80"}[2m]', time: end });
    expect(r.body).toEqual({
      status: 'success',
      data: { resultType: 'matrix', result: [{ metric: { __name__: 'http_requests_total', job: 'api', instance: 'a:80' }, values: [[end - 115, '1080'], [end - 55, '1140']] }] },
    });
  });

  it.each([
    ['predict_linear(http_requests_total[5m], 60)', 'unsupported in Fleetwatch: function "predict_linear"'],
    ['rate(http_requests_total[5m]', undefined],
    ['http_requests_total[5m]', 'invalid expression type "range vector" for range query, must be Scalar or instant Vector'],
  ])('answers %s with Prometheus\'s bad_data shape', async (query, message) => {
    const r = await promPost('/query_range', { query, start, end, step: 60 });
    expect(r).toEqual({ status: 400, body: { status: 'error', errorType: 'bad_data', error: message ?? expect.stringMatching(/parse error/) } });
  });

  it('shows another account nothing of these series', async () => {
    const other = `Bearer ${(await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'g' }, as: svc.other })).body.token as string}`;
    expect((await promPost('/query_range', { query: 'rate(http_requests_total[5m])', start, end, step: 60 }, other)).body).toEqual({ status: 'success', data: { resultType: 'matrix', result: [] } });
    expect((await promGet(svc.baseUrl, other, '/label/__name__/values')).body).toEqual({ status: 'success', data: [] });
    expect((await promPost('/labels', {}, '')).status).toBe(401);
  });
});

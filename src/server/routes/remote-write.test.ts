import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onEvent } from '../events';
import { formatValue } from '../services/prometheus-query';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { encodeWrite, minuteFolds, promGet, REMOTE_WRITE_HEADERS, remoteWrite } from '../testing/remote-write';
import { until } from '../testing/until';

let svc: TestService;
let bearer: string;
let otherBearer: string;
const base = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
const s = (ms: number) => ms / 1000;

const token = async (as: TestService['account']) =>
  `Bearer ${(await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'prom' }, as })).body.token as string}`;
const seriesCount = async (accountId: number) =>
  (await svc.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM labelled_series WHERE account_id = ?', accountId))[0]!.n;

beforeAll(async () => {
  svc = await startTestService();
  bearer = await token(svc.account);
  otherBearer = await token(svc.other);
});
afterAll(() => svc.close());

const node = (instance: string, job: string) => ({ __name__: 'up', instance, job });

describe('POST /api/v1/write', () => {
  it('stores the series and answers 204, emitting the ingest metric', async () => {
    const events: unknown[] = [];
    const off = onEvent(svc.deps.events, 'ingested', (e) => events.push(e));
    const body = encodeWrite([
      { labels: node('a:9100', 'node'), samples: [[base + 1000, 1], [base + 30_000, 2], [base + 65_000, 3]] },
      { labels: node('b:9100', 'node'), samples: [[base + 10_000, 0]] },
      { labels: node('c:9090', 'prometheus'), samples: [[base + 10_000, 1]] },
      { labels: { __name__: 'node_load1', instance: 'a:9100', job: 'node' }, samples: [[base + 10_000, 0.75]] },
    ]);
    const r = await remoteWrite(svc.baseUrl, bearer, body);
    off();
    expect(r.status).toBe(204);
    expect(events).toEqual([{ source: 'remote_write', rows: { samples: 6 } }]);
    expect(await seriesCount(svc.account.id)).toBe(4);
  });

  it('reads back through query_range: one value per step, the minute\'s last sample, within the lookback', async () => {
    const r = await promGet(svc.baseUrl, bearer, '/query_range', { query: 'up{instance="a:9100"}', start: s(base), end: s(base + 120_000), step: '15s' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          {
            metric: { __name__: 'up', instance: 'a:9100', job: 'node' },
            values: [
              [s(base + 30_000), '2'], [s(base + 45_000), '2'], [s(base + 60_000), '2'],
              [s(base + 75_000), '3'], [s(base + 90_000), '3'], [s(base + 105_000), '3'], [s(base + 120_000), '3'],
            ],
          },
        ],
      },
    });
  });

  it('takes query_range as a POSTed form too, as Grafana sends it', async () => {
    const res = await fetch(`${svc.baseUrl}/api/v1/query_range`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ query: 'node_load1', start: String(s(base)), end: String(s(base + 60_000)), step: '30' }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'success',
      data: { resultType: 'matrix', result: [{ metric: { __name__: 'node_load1', instance: 'a:9100', job: 'node' }, values: [[s(base + 30_000), '0.75'], [s(base + 60_000), '0.75']] }] },
    });
  });

  it.each([
    ['up{job="node"}', ['a:9100', 'b:9100']],
    ['up{job!="node"}', ['c:9090']],
    ['up{instance=~"a.*|c.*"}', ['a:9100', 'c:9090']],
    ['up{instance=~"a"}', []],
    ['up{instance!~"a.*"}', ['b:9100', 'c:9090']],
    ['{__name__=~"node_.*"}', ['a:9100']],
  ])('selects %s', async (query, instances) => {
    const r = await promGet(svc.baseUrl, bearer, '/query', { query, time: s(base + 70_000) });
    expect(r.status).toBe(200);
    expect(r.body.data.resultType).toBe('vector');
    expect(r.body.data.result.map((x: { metric: { instance: string } }) => x.metric.instance).sort()).toEqual(instances);
  });

  it('answers series, labels, label values and buildinfo in Prometheus\'s shapes', async () => {
    const series = await promGet(svc.baseUrl, bearer, '/series', { 'match[]': ['up{job="prometheus"}', 'node_load1'] });
    expect(series.body).toEqual({
      status: 'success',
      data: expect.arrayContaining([
        { __name__: 'up', instance: 'c:9090', job: 'prometheus' },
        { __name__: 'node_load1', instance: 'a:9100', job: 'node' },
      ]),
    });
    expect(series.body.data).toHaveLength(2);
    expect((await promGet(svc.baseUrl, bearer, '/labels')).body).toEqual({ status: 'success', data: ['__name__', 'instance', 'job'] });
    expect((await promGet(svc.baseUrl, bearer, '/label/job/values')).body).toEqual({ status: 'success', data: ['node', 'prometheus'] });
    expect((await promGet(svc.baseUrl, basicHeader(svc.account), '/label/__name__/values')).body.data).toEqual(['node_load1', 'up']);
    const info = await promGet(svc.baseUrl, bearer, '/status/buildinfo');
    expect(info.body.status).toBe('success');
    expect(info.body.data.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    ['predict_linear(up[5m], 60)', /unsupported in Fleetwatch: function "predict_linear"/],
    ['up and up', /unsupported in Fleetwatch: binary operator "and"/],
    ['up{job=~"("}', /invalid regular expression/],
  ])('answers %s with bad_data', async (query, message) => {
    const r = await promGet(svc.baseUrl, bearer, '/query_range', { query, start: s(base), end: s(base + 60_000), step: 15 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', errorType: 'bad_data', error: expect.stringMatching(message) });
  });

  it('refuses bad query parameters with bad_data', async () => {
    const r = await promGet(svc.baseUrl, bearer, '/query_range', { query: 'up', start: 'yesterday', end: s(base), step: 15 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/invalid parameter "start"/);
    const many = await promGet(svc.baseUrl, bearer, '/query_range', { query: 'up', start: 0, end: s(base), step: 1 });
    expect(many.body.error).toMatch(/11000 points/);
  });

  it('keeps accounts apart: another account\'s token sees nothing of these series', async () => {
    const r = await promGet(svc.baseUrl, otherBearer, '/query', { query: 'up', time: s(base + 70_000) });
    expect(r.body).toEqual({ status: 'success', data: { resultType: 'vector', result: [] } });
    expect((await promGet(svc.baseUrl, otherBearer, '/labels')).body.data).toEqual([]);
    expect((await promGet(svc.baseUrl, basicHeader(svc.other), '/series', { 'match[]': 'up' })).body.data).toEqual([]);
  });

  it.each([
    ['bad snappy', () => Buffer.from('not snappy'), /snappy/],
    ['bad protobuf', () => Buffer.from(encodeWrite([])).fill(0xff), /snappy|protobuf/],
    ['a truncated body', () => encodeWrite([{ labels: { __name__: 'cut', job: 'x' }, samples: [[base, 1]] }]).subarray(0, -3), /not snappy block-compressed/],
    ['a series without __name__', () => encodeWrite([{ labels: { job: 'x' }, samples: [[base, 1]] }]), /__name__/],
    [
      'one good and one bad series',
      () => encodeWrite([{ labels: { __name__: 'fresh' }, samples: [[base, 1]] }, { labels: { __name__: 'x', 'a-b': '1' }, samples: [[base, 1]] }]),
      /invalid label name/,
    ],
  ])('refuses %s with 400, storing nothing', async (_what, body, message) => {
    const before = await seriesCount(svc.account.id);
    const r = await remoteWrite(svc.baseUrl, bearer, body());
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(message);
    expect(await seriesCount(svc.account.id)).toBe(before);
  });

  it('takes concurrent writes of the same series (HA pairs) without losing a sample', async () => {
    const body = () => encodeWrite([
      { labels: { __name__: 'shared', replica: 'x' }, samples: [[base + 5_000, 1]] },
      { labels: { __name__: 'shared', replica: 'y' }, samples: [[base + 5_000, 2]] },
    ]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => remoteWrite(svc.baseUrl, bearer, body())));
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const rows = await minuteFolds(svc.deps.store, svc.account.id, 'shared');
    expect(rows.map((r) => r.count)).toEqual([6, 6]);
  });

  it('refuses unknown tokens and missing credentials', async () => {
    const body = encodeWrite([{ labels: { __name__: 'x' }, samples: [[base, 1]] }]);
    expect((await remoteWrite(svc.baseUrl, 'Bearer fwi_nope', body)).status).toBe(401);
    expect((await remoteWrite(svc.baseUrl, '', body)).status).toBe(401);
    expect((await promGet(svc.baseUrl, '', '/query', { query: 'up' })).status).toBe(401);
    expect((await remoteWrite(svc.baseUrl, basicHeader(svc.account), body)).status).toBe(204);
  });

  it('refuses remote write 2.0 with 415', async () => {
    const body = encodeWrite([{ labels: { __name__: 'x' }, samples: [[base, 1]] }]);
    const r = await remoteWrite(svc.baseUrl, bearer, body, { 'content-type': 'application/x-protobuf;proto=io.prometheus.write.v2.Request' });
    expect(r.status).toBe(415);
  });
});

describe('query_range of remote-written values', () => {
  it('reads back every double exactly (NaN and infinities too), each series its own points', async () => {
    const doubles = [0.1 + 0.2, 1 / 3, NaN, Infinity, -Infinity, 1e-310, 2 ** 53 + 2, -1.5e300, 123456789.12345679, 0];
    const write = (k: string, sign: number) => ({ labels: { __name__: 'odd_values', k }, samples: doubles.map((v, i): [number, number] => [base + i * 60_000 + 500, sign * v]) });
    expect((await remoteWrite(svc.baseUrl, bearer, encodeWrite([write('pos', 1), write('neg', -1)]))).status).toBe(204);
    const r = await promGet(svc.baseUrl, bearer, '/query_range', { query: 'odd_values', start: s(base + 1000), end: s(base + 9 * 60_000 + 1000), step: '60' });
    expect(r.status).toBe(200);
    const values = (sign: number) => doubles.map((v, i) => [s(base + i * 60_000 + 1000), formatValue(sign * v)]);
    expect(r.body.data.result).toEqual([
      { metric: { __name__: 'odd_values', k: 'neg' }, values: values(-1) },
      { metric: { __name__: 'odd_values', k: 'pos' }, values: values(1) },
    ]);
    expect(values(1).slice(0, 6).map(([, v]) => v)).toEqual(['0.30000000000000004', '0.3333333333333333', 'NaN', '+Inf', '-Inf', `0.${'0'.repeat(309)}1`]);
  });
});

describe('retention', () => {
  it('drops series minutes past the minute retention, and series no longer written', async () => {
    const keep = { minute: 30 * 86_400, hour: 400 * 86_400, day: null, batchIds: 8 * 86_400 };
    expect((await promGet(svc.baseUrl, bearer, '/series', { 'match[]': 'up' })).body.data.length).toBeGreaterThan(0);
    // Part of the samples compacted into hour chunks first: retention takes both tiers.
    const count = async (table: string) => Number((await svc.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ?`, svc.account.id))[0]!.n);
    await svc.deps.store.labelledSeries.compact(Math.floor(base / 3_600_000) * 3600 + 3600);
    expect(await count('series_chunks')).toBeGreaterThan(0);
    await svc.deps.store.telemetry.enforceRetention(Math.floor(Date.now() / 1000) + 40 * 86_400, keep);
    expect((await promGet(svc.baseUrl, bearer, '/series', { 'match[]': 'up' })).body.data).toEqual([]);
    expect([await count('series_samples'), await count('series_chunks')]).toEqual([0, 0]);
  });
});

describe('remote write limits', () => {
  let small: TestService;
  let auth: string;
  beforeAll(async () => {
    small = await startTestService({ remoteWrite: { maxInFlight: 1, maxSeriesPerRequest: 3, maxSeriesPerAccount: 4 } });
    auth = basicHeader(small.account);
  });
  afterAll(() => small.close());
  const many = (n: number, prefix: string) => encodeWrite(Array.from({ length: n }, (_, i) => ({ labels: { __name__: `${prefix}${i}` }, samples: [[base, i]] as [number, number][] })));

  it('caps series per request (400) and per account (422), storing nothing of a refused write', async () => {
    const tooMany = await remoteWrite(small.baseUrl, auth, many(4, 'a'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/at most 3 per request/);
    expect((await remoteWrite(small.baseUrl, auth, many(3, 'b'))).status).toBe(204);
    const over = await remoteWrite(small.baseUrl, auth, many(2, 'c'));
    expect(over.status).toBe(422);
    expect(over.body.error.message).toMatch(/at most 4 series per account/);
    const stored = await small.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM labelled_series WHERE account_id = ?', small.account.id);
    expect(stored[0]!.n).toBe(3);
    // Known series still take samples at the cap.
    expect((await remoteWrite(small.baseUrl, auth, many(3, 'b'))).status).toBe(204);
  });

  it('answers 429 with Retry-After while another write is in flight, and takes writes again after', async () => {
    // Samples of a known series only: the account is at its series cap.
    const body = Buffer.from(many(1, 'b'));
    const url = new URL(`${small.baseUrl}/api/v1/write`);
    const hold = async () => {
      const h = { status: 0, req: httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...REMOTE_WRITE_HEADERS, authorization: auth, 'content-length': body.length } }, (res) => {
        h.status = res.statusCode ?? 0;
        res.resume();
      }) };
      // The service has the held request's headers (its gate ran) before anyone probes.
      const arrived = new Promise((r) => small.app.server.once('request', r));
      h.req.write(body.subarray(0, 2));
      await arrived;
      return h;
    };
    // A probe may reach the server before the held request's headers and take the slot first; then the
    // held one is refused and the test holds again.
    let held = await hold();
    let refused: Awaited<ReturnType<typeof remoteWrite>> | undefined;
    await until(async () => {
      if (held.status === 429) held = await hold();
      const r = await remoteWrite(small.baseUrl, auth, many(1, 'b'));
      if (r.status === 429 && held.status === 0) refused = r;
      return refused;
    }, { what: 'a 429 while a write is held' });
    expect(refused!.headers.get('retry-after')).toBe('1');
    held.req.end(body.subarray(2));
    await until(() => held.status !== 0, { what: 'the held write to be answered' });
    expect(held.status).toBe(204);
    expect((await remoteWrite(small.baseUrl, auth, many(1, 'b'))).status).toBe(204);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { startTestService, type TestService } from '../testing/harness';

// A settable clock: the POST path stamps buckets and minutes with deps.now().
let clock = 1_700_000_000;
const DAY = 86_400;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, () => clock);
});
afterAll(() => svc.close());

const post = (values: string[], as = svc.account) => svc.request('POST', '/api/buckets/', { form: { buckets: values.map((value) => ({ value })) }, as });
const all = async (as = svc.account) => (await svc.request('GET', '/api/buckets/', { as })).body;
const byName = async (name: string) => (await all()).data.find((b: { name: string }) => b.name === name);

describe('buckets', () => {
  it('creates buckets from lines, fixes the type by the first message, reads and deletes them', async () => {
    const r = await post(['api.hits:1|c', 'api.mem:512|g', 'api.latency:20|ms']);
    expect(r).toMatchObject({ status: 200, body: { result: 'Success' } });
    const hits = await byName('api.hits');
    expect(hits).toEqual({ id: expect.any(Number), name: 'api.hits', type: 'counter', create_time: clock, last_updated: clock, url: `/api/v5/buckets/${hits.id}/` });
    expect((await byName('api.mem')).type).toBe('gauge');
    expect((await byName('api.latency')).type).toBe('time');

    clock += 30;
    await post(['api.hits:5|g']);
    const again = (await svc.request('GET', `/api/v5/buckets/${hits.id}`)).body;
    expect(again).toEqual({ ...hits, last_updated: clock });

    expect((await svc.request('DELETE', `/api/buckets/${hits.id}/`))).toMatchObject({ status: 200, body: { result: 'Success' } });
    expect((await svc.request('GET', `/api/buckets/${hits.id}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/buckets/${hits.id}/`)).status).toBe(404);

    const d = await svc.request('DELETE', '/api/buckets/', { form: { name: 'api.mem' } });
    expect(d).toMatchObject({ status: 200, body: { result: 'Success' } });
    expect(await byName('api.mem')).toBeUndefined();
    expect((await svc.request('DELETE', '/api/buckets/', { form: { name: 'api.mem' } })).status).toBe(404);
  });

  it('a name without a type is a counter; a JSON body works too', async () => {
    const r = await svc.request('POST', '/api/buckets', { json: { buckets: [{ value: 'plain:3' }] } });
    expect(r.status).toBe(200);
    expect((await byName('plain')).type).toBe('counter');
  });

  it('aggregates per minute and serves the data most recent first', async () => {
    clock = 1_700_001_000 - (1_700_001_000 % 60) + 5;
    const m0 = clock - 5;
    await post(['q.count:2|c', 'q.count:3|c|@0.5', 'q.temp:10|g', 'q.temp:+5|g', 'q.rt:10|ms', 'q.rt:30|ms', 'q.who:a|s', 'q.who:b|s', 'q.who:a|s']);
    clock += 120; // skip a minute: it has no point
    await post(['q.count:1|c', 'q.temp:-3|g', 'q.rt:50|ms']);
    const m2 = m0 + 120;

    const data = async (name: string, query = '') => (await svc.request('GET', `/api/buckets/${(await byName(name)).id}/data/${query}`)).body;
    expect((await data('q.count', '?num=3')).data).toEqual([
      { time: m2, value: 1, count: 1 },
      { time: m0, value: 8, count: 2 },
    ]);
    expect((await data('q.temp', '?num=3')).data.map((p: { value: number }) => p.value)).toEqual([12, 15]);
    expect((await data('q.rt', `?start=${m0}&end=${m0}`)).data).toEqual([{ time: m0, value: 20, min: 10, max: 30, count: 2 }]);
    // A set is kept as a gauge of its distinct members: the spec's types are time, counter and gauge.
    expect((await byName('q.who')).type).toBe('gauge');
    expect((await data('q.who')).data).toEqual([{ time: m0, value: 2, count: 3 }]);
    const latest = await data('q.count');
    expect(latest).toEqual({ pagination: { count: 1, next: null, previous: null }, data: [{ time: m2, value: 1, count: 1 }] });
    expect((await data('q.count', `?start=${m0}&num=1`)).data).toEqual([]); // v3 rule: end = start + 60
    const paged = await data('q.count', '?num=3&limit=1');
    expect(paged.pagination).toMatchObject({ count: 2, next: expect.stringContaining('page=1') });
    expect((await data('q.count', '?time_step=Hour')).error).toMatchObject({ status: 400, field: 'time_step' });
  });

  it('records collector flushes through the store, and drops minutes past the retention', async () => {
    await svc.deps.store.buckets.record(svc.account.id, 600, [
      { name: 'udp.t', type: 'time', value: 10, count: 3, min: 2, max: 20 },
      { name: 'udp.t', type: 'time', value: 30, count: 1 },
    ], 600);
    const b = await byName('udp.t');
    expect(b).toMatchObject({ type: 'time', create_time: 600, last_updated: 600 });
    const d = (await svc.request('GET', `/api/buckets/${b.id}/data/`)).body.data;
    expect(d).toEqual([{ time: 600, value: 15, min: 2, max: 30, count: 4 }]);
    // Retention drops minutes before the cut-off (a day later: PostgreSQL drops whole day partitions)
    // and keeps the bucket itself.
    await svc.deps.store.buckets.record(svc.account.id, DAY + 60, [{ name: 'udp.t', type: 'time', value: 1, count: 1 }], DAY + 60);
    await svc.deps.store.telemetry.enforceRetention(2 * DAY, { minute: DAY, hour: null, day: null, batchIds: 8 * DAY });
    const kept = (await svc.request('GET', `/api/buckets/${b.id}/data/?start=0&end=${2 * DAY}`)).body.data;
    expect(kept.map((p: { time: number }) => p.time)).toEqual([DAY + 60]);
    expect(await byName('udp.t')).toMatchObject({ id: b.id });
  });

  it('stores the StatsD flushes of a collector batch, once even when the batch is replayed', async () => {
    await registerTestServer(svc, 'statsd-host');
    const minute = Math.floor(clock / 60) * 60 - 60;
    const b = batchFor('statsd-host', minute, { statsd: [{ name: 'udp.hits', type: 'counter', value: 7, count: 7 }] });
    expect((await postBatch(svc, b)).status).toBe(201);
    expect((await postBatch(svc, b)).status).toBe(200);
    const hits = await byName('udp.hits');
    expect(hits).toMatchObject({ type: 'counter', create_time: minute });
    expect((await svc.request('GET', `/api/buckets/${hits.id}/data/`)).body.data).toEqual([{ time: minute, value: 7, count: 7 }]);
  });

  it.each([
    ['missing', {}, 'buckets is required'],
    ['not JSON', { buckets: 'not json' }, 'buckets must be a JSON list'],
    ['an object, not a list', { buckets: '{"value":"a:1"}' }, 'buckets must be a JSON list'],
    ['an empty list', { buckets: '[]' }, 'buckets must hold at least one line'],
    ['a list of strings', { buckets: '["a:1"]' }, 'buckets[0] must be an object with a text "value"'],
    ['a value that is not text', { buckets: '[{"value":1}]' }, 'buckets[0] must be an object with a text "value"'],
    ['a line without a colon', { buckets: '[{"value":"ok:1"},{"value":"nocolon"}]' }, 'buckets[1] "nocolon": expected <name>:<value>[|type[|@rate]]'],
    ['an empty name', { buckets: '[{"value":":1"}]' }, 'buckets[0] ":1": bucket name must be 1-256 characters'],
    ['a name of 257 characters', { buckets: JSON.stringify([{ value: `${'n'.repeat(257)}:1` }]) }, `buckets[0] "${'n'.repeat(80)}…": bucket name must be 1-256 characters`],
    ['an empty value', { buckets: '[{"value":"ok:1"},{"value":"empty:"}]' }, 'buckets[1] "empty:": the value must not be empty'],
    ['10,001 lines', { buckets: JSON.stringify(Array.from({ length: 10_001 }, () => ({ value: 'x:1' }))) }, 'buckets must hold at most 10000 lines'],
  ])('refuses %s with 400 and stores nothing', async (_label, form, message) => {
    const before = (await all()).pagination.count;
    const r = await svc.request('POST', '/api/buckets/', { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field: 'buckets' } });
    expect((await all()).pagination.count).toBe(before);
    expect(await byName('ok')).toBeUndefined();
  });

  it('does not check StatsD validity: an unknown type is a counter, a bad sample rate is none', async () => {
    clock = 1_700_003_000;
    expect((await post(['odd.type:2|zz', 'odd.rate:3|c|@0', 'odd.rate:4|c|@7'])).status).toBe(200);
    const data = async (name: string) => (await svc.request('GET', `/api/buckets/${(await byName(name)).id}/data/`)).body.data;
    expect(await byName('odd.type')).toMatchObject({ type: 'counter' });
    expect(await data('odd.type')).toEqual([{ time: 1_700_002_980, value: 2, count: 1 }]);
    expect(await data('odd.rate')).toEqual([{ time: 1_700_002_980, value: 7, count: 2 }]);
  });

  it("keeps a collector's set flush as a gauge of its distinct members", async () => {
    await registerTestServer(svc, 'statsd-sets');
    const minute = Math.floor(clock / 60) * 60 - 60;
    expect((await postBatch(svc, batchFor('statsd-sets', minute, { statsd: [{ name: 'udp.users', type: 'set', value: 4, count: 6 }] }))).status).toBe(201);
    const users = await byName('udp.users');
    expect(users.type).toBe('gauge');
    expect((await svc.request('GET', `/api/buckets/${users.id}/data/`)).body.data).toEqual([{ time: minute, value: 4, count: 6 }]);
  });

  it('accepts a name of 256 characters and a value that is not a number', async () => {
    expect((await post([`${'n'.repeat(256)}:1`, 'text.value:abc|c'])).status).toBe(200);
    expect(await byName('n'.repeat(256))).toBeDefined();
    const t = await byName('text.value');
    expect((await svc.request('GET', `/api/buckets/${t.id}/data/`)).body.data).toEqual([]);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name must be 1-256 characters'],
  ])('DELETE by name refuses %j', async (form, message) => {
    const r = await svc.request('DELETE', '/api/buckets/', { form });
    expect(r.body).toEqual({ error: { status: 400, message, field: 'name' } });
  });

  it("keeps accounts apart", async () => {
    await post(['theirs.x:1|c', 'shared.name:1|g'], svc.other);
    await post(['shared.name:1|c']);
    const theirs = (await all(svc.other)).data;
    const tx = theirs.find((b: { name: string }) => b.name === 'theirs.x');
    expect(theirs.find((b: { name: string }) => b.name === 'shared.name').type).toBe('gauge');
    expect((await byName('shared.name')).type).toBe('counter');
    expect(await byName('theirs.x')).toBeUndefined();
    for (const [m, p] of [['GET', `/api/buckets/${tx.id}/`], ['DELETE', `/api/buckets/${tx.id}/`], ['GET', `/api/buckets/${tx.id}/data/`]] as const) {
      const r = await svc.request(m, p);
      expect(r.body).toEqual({ error: { status: 404, message: 'bucket not found' } });
    }
    expect((await svc.request('DELETE', '/api/buckets/', { form: { name: 'theirs.x' } })).status).toBe(404);
    expect((await svc.request('GET', '/api/buckets/99999999/')).body).toEqual({ error: { status: 404, message: 'bucket not found' } });
    expect((await svc.request('GET', `/api/buckets/${tx.id}/`, { as: svc.other })).status).toBe(200);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/buckets/', { as: null })).status).toBe(401);
    expect((await post(['x:1'], null as never)).status).toBe(401);
    expect((await svc.request('DELETE', '/api/buckets/?name=x', { as: null })).status).toBe(401);
  });
});

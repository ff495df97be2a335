import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

const DAY = 86_400;
const T = 1_700_002_800 + 10 * DAY; // the minute investigated
const A = T - 600; // the minute compared with it
let svc: TestService;
let sid: number;
let weekly: number;
let theirs: number;

const nginx = { pid: 10, create_time: 1000, name: 'nginx', args: '-g daemon off;' };
const cron = { pid: 20, create_time: 2000, name: 'cron', args: null };
const db = { pid: 30, create_time: 3000, name: 'postgres', args: null };
const worker = { pid: 40, create_time: 4000, name: 'worker', args: null };

async function post(guid: string, minute: number, over: object, as = svc.account) {
  expect((await postBatch(svc, batchFor(guid, minute, over), { as })).status).toBe(201);
}

beforeAll(async () => {
  svc = await startTestService({}, () => T + 120);
  sid = await registerTestServer(svc, 'tt');
  weekly = await registerTestServer(svc, 'tt-week');
  theirs = await registerTestServer(svc, 'tt-theirs', svc.other);
  // An hour of steady minutes (cpu 10-12, postgres at 1 GB), then at T cpu 90 and postgres at 3 GB.
  for (let m = T - 3600; m < T; m += 60) {
    const procs: object[] = [{ ...nginx, cpu: 10 }, { ...db, cpu: 5, memory: 1e9 + (m % 3) * 1e6, thread_num: 2 }];
    if (m === A) procs.push({ ...cron, cpu: 50 });
    await post('tt', m, { server: { cpu: 10 + ((m / 60) % 3), memory: 1000 }, processes: procs });
  }
  await post('tt', T, {
    server: { cpu: 90, memory: 1000 },
    processes: [{ ...nginx, cpu: 25 }, { ...db, cpu: 5, memory: 3e9, thread_num: 4 }, { ...worker, cpu: 1, memory: 5e7 }],
  });
  // The same minute on 3 earlier days, cpu 80-82: 90 at T is ordinary for that time of day.
  for (const d of [1, 2, 3]) await post('tt-week', T - d * DAY, { server: { cpu: 79 + d, memory: 1000 } });
  for (let m = T - 3600; m < T; m += 60) await post('tt-week', m, { server: { cpu: 10, memory: 1000 } });
  await post('tt-week', T, { server: { cpu: 90, memory: 1000 } });
  await post('tt-theirs', T, { server: { cpu: 1, memory: 1 } }, svc.other);
});
afterAll(() => svc.close());

describe('GET /servers/{id}/processes/diff/', () => {
  it('answers started, ended and changed processes with before and after, largest change first', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/diff/?from=${A + 30}&to=${T}`);
    expect(r.status).toBe(200);
    expect(r.body.from).toBe(A);
    expect(r.body.to).toBe(T);
    expect(r.body.started.map((p: { name: string }) => p.name)).toEqual(['worker']);
    expect(r.body.ended).toMatchObject([{ name: 'cron', uid: `${sid}_20_2000`, pid: '20', fields: { cpu: { before: 50, after: null, delta: -50 } } }]);
    expect(r.body.changed.map((p: { name: string; score: number }) => [p.name, p.score])).toEqual([['postgres', 1], ['nginx', 1]]);
    expect(r.body.changed[0].fields.memory).toEqual({ before: 1e9 + (A % 3) * 1e6, after: 3e9, delta: 3e9 - 1e9 - (A % 3) * 1e6 });
  });

  it('answers empty lists for the same minute twice', async () => {
    const r = await svc.request('GET', `/api/servers/${sid}/processes/diff?from=${T}&to=${T + 59}`);
    expect(r.body).toEqual({ from: T, to: T, started: [], ended: [], changed: [] });
  });

  it.each([
    ['', 'from', 'from is required'],
    [`from=${A}`, 'to', 'to is required'],
    [`from=x&to=${T}`, 'from', 'from must be an integer'],
    [`from=-60&to=${T}`, 'from', 'from must be between 0 and 253402300799'],
    [`from=${A}&to=99999999999999`, 'to', 'to must be between 0 and 253402300799'],
    [`from=${T}&to=${A}`, 'to', 'to must not be before from'],
    [`from=${A}&from=${A}&to=${T}`, 'from', 'from must be given once'],
  ])('refuses %s with 400 naming the field', async (q, field, message) => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/diff/?${q}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, field, message } });
  });

  it('answers 404 naming the minute without data', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/diff/?from=${T - 7200}&to=${T}`);
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ status: 404, field: 'from' });
    expect(r.body.error.message).toMatch(/^no data of the server at from \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect((await svc.request('GET', `/api/v5/servers/${sid}/processes/diff/?from=${T}&to=${T + 600}`)).body.error.field).toBe('to');
  });

  it("answers 404 for another account's server, both ways, and for unknown ids", async () => {
    for (const [id, as] of [[theirs, svc.account], [sid, svc.other], [999_999, svc.account]] as const) {
      const r = await svc.request('GET', `/api/v5/servers/${id}/processes/diff/?from=${T}&to=${T}`, { as });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: { status: 404, message: 'server not found' } });
    }
  });
});

describe('GET /servers/{id}/changes/', () => {
  it('ranks the server and process series by how much of the server change they explain', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/changes/?time=${T + 20}`);
    expect(r.status).toBe(200);
    expect(r.body.time).toBe(T);
    // server cpu and memory, nginx cpu, postgres cpu, memory and threads (limit 10 by default)
    expect(r.body.items).toHaveLength(6);
    const key = (i: { kind: string; name?: string; field: string }) => `${i.name ?? i.kind} ${i.field}`;
    // postgres memory +2 GB against a server whose memory is 1000 bytes; postgres threads 2 to 4
    // (the server has no thread count: measured against its own level); the server's cpu +79 points
    // of which nginx explains 15; then what did not move.
    expect(r.body.items.map(key)).toEqual(['postgres memory', 'postgres thread_num', 'server cpu', 'nginx cpu', 'postgres cpu', 'server memory']);
    const top = r.body.items[0];
    expect(top).toMatchObject({ kind: 'process', uid: `${sid}_30_3000`, value: 3e9, baseline: 'hour', baseline_size: 60, score: 99, unusual: true });
    const cpu = r.body.items.find((i: { kind: string; field: string }) => i.kind === 'server' && i.field === 'cpu');
    // cpu 10, 11, 12 over the hour: median 11, MAD 1, (90 - 11) / 1.4826; 64 of its 79 points unexplained.
    expect(cpu).toMatchObject({ value: 90, median: 11, mad: 1, score: 53.28, baseline: 'hour', change: 79, impact: 0.64, unusual: true });
    expect(cpu).not.toHaveProperty('share');
    expect(r.body.items[3]).toMatchObject({ change: 15, impact: 0.15, share: 0.1899, server_change: 79 });
    expect(cpu.recent).toHaveLength(61);
    expect(cpu.recent.at(-1)).toEqual({ time: T, value: 90 });
    // The worker started at T: no history, so not ranked; the server's steady memory is not unusual.
    expect(r.body.items.some((i: { name?: string }) => i.name === 'worker')).toBe(false);
    expect(r.body.items.at(-1)).toMatchObject({ field: 'memory', change: 0, impact: 0, unusual: false });
  });

  it('judges against the same minute of earlier days when at least 3 have it', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${weekly}/changes/?time=${T}&limit=1`);
    expect(r.body.items).toEqual([
      expect.objectContaining({ kind: 'server', field: 'cpu', value: 90, baseline: 'week', baseline_size: 3, median: 81, mad: 1 }),
    ]);
    expect(r.body.items[0].score).toBeCloseTo(6.07, 2);
  });

  it.each([
    ['', 'time', 'time is required'],
    ['time=soon', 'time', 'time must be an integer'],
    [`time=${T}&limit=0`, 'limit', 'limit must be between 1 and 100'],
    [`time=${T}&limit=101`, 'limit', 'limit must be between 1 and 100'],
    ['time=99999999999999', 'time', 'time must be between 0 and 253402300799'],
  ])('refuses %s with 400 naming the field', async (q, field, message) => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/changes/?${q}`);
    expect(r.body).toEqual({ error: { status: 400, field, message } });
  });

  it("answers 404 for a minute without data and for another account's server", async () => {
    const none = await svc.request('GET', `/api/v5/servers/${sid}/changes/?time=${T + 3600}`);
    expect(none.status).toBe(404);
    expect(none.body.error.field).toBe('time');
    for (const [id, as] of [[theirs, svc.account], [sid, svc.other]] as const) {
      const r = await svc.request('GET', `/api/v5/servers/${id}/changes/?time=${T}`, { as });
      expect(r.body).toEqual({ error: { status: 404, message: 'server not found' } });
    }
  });
});

describe('OpenAPI', () => {
  it('documents both endpoints with their minute parameters, the error shape and the 404', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    for (const [path, params] of [['/api/v5/servers/{id}/processes/diff/', ['id', 'from', 'to']], ['/api/v5/servers/{id}/changes/', ['id', 'time', 'limit']]] as const) {
      const op = doc.paths[path].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(params);
      expect(op.parameters[1].schema).toMatchObject({ type: 'integer', minimum: 0 });
      for (const status of ['400', '401', '404']) expect(op.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });
});

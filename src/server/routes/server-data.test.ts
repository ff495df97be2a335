import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

const H = 1_700_002_800; // an hour boundary (and a day's 16th hour)
const E = H + 3600 - 60; // the last minute of that hour
let svc: TestService;
let sid: number;
let theirs: number;

beforeAll(async () => {
  svc = await startTestService({}, () => E + 30);
  sid = await registerTestServer(svc, 'g1');
  theirs = await registerTestServer(svc, 'g-theirs', svc.other);
  // E, E-120, E-180 present; E-60 missing (the spec's num=3 example). One minute in the previous hour.
  const minutes: [number, number, Record<string, number>][] = [
    [E - 180, 10, { '/': 50 }],
    [E - 120, 20, { '/': 60 }],
    [E, 30, {}],
    [H - 60, 90, { '/': 10 }],
  ];
  for (const [m, cpu, disk] of minutes) {
    const sample = { cpu, memory: cpu * 2, ...(Object.keys(disk).length ? { disk_percent_part: disk, disk_percent: cpu } : {}) };
    expect((await postBatch(svc, batchFor('g1', m, { server: sample }))).status).toBe(201);
  }
  expect((await postBatch(svc, batchFor('g-theirs', E), { as: svc.other })).status).toBe(201);
});
afterAll(() => svc.close());

const get = (q: string, id = sid) => svc.request('GET', `/api/v5/servers/${id}/data/?${q}`);
const times = async (q: string) => {
  const r = await get(q);
  expect(r.status).toBe(200);
  return (r.body.data as { time: number }[]).map((d) => d.time);
};

describe('server data (T)', () => {
  it.each([
    ['', [E]],
    ['num=3', [E, E - 120]],
    [`num=3&end=${E}`, [E, E - 120]],
    [`num=3&end=${E - 60}`, [E - 120, E - 180]],
    [`num=10&start=${E - 120}`, [E]], // v3 rule: end = start + 600, so 10 steps back stop at E - 60
    [`start=${E - 180}&num=2`, [E - 120]], // v3 rule: end = start + 60 x 2
    [`start=${E - 180}`, [E, E - 120, E - 180]],
    [`start=${E - 180}&end=${E - 100}`, [E - 120, E - 180]],
    [`start=${E + 60}&end=${E + 600}`, []],
    [`end=${H - 3600}`, []],
  ])('%s gives the expected minutes', async (q, expected) => {
    expect(await times(q)).toEqual(expected);
  });

  it('answers the record fields with id and time, most recent first', async () => {
    const r = await get('num=4');
    expect(r.body.pagination).toEqual({ count: 3, next: null, previous: null });
    expect(r.body.data[1]).toEqual({ id: sid, time: E - 120, cpu: 20, memory: 40, disk_percent: 20, disk_percent_part: { '/': 60 } });
    expect(r.headers.get('server-timing')).toMatch(/^app;dur=\d/);
  });

  it('pages with links', async () => {
    const r = await get(`start=${E - 180}&limit=2&page=1`);
    expect(r.body.pagination).toEqual({ count: 3, next: null, previous: `/api/v5/servers/${sid}/data/?start=${E - 180}&limit=2&page=0` });
    expect(r.body.data.map((d: { time: number }) => d.time)).toEqual([E - 180]);
    // A full first page and a page past the end count the whole window too.
    expect((await get(`start=${E - 180}&limit=2`)).body.pagination.count).toBe(3);
    const past = await get(`start=${E - 180}&limit=2&page=5`);
    expect(past.body.pagination.count).toBe(3);
    expect(past.body.data).toEqual([]);
  });

  it('averages each field over the minutes that had it for Hour and Day', async () => {
    const hour = await get('time_step=Hour&num=2');
    expect(hour.body.data).toEqual([
      { id: sid, time: H, cpu: 20, memory: 40, disk_percent: 15, disk_percent_part: { '/': 55 } },
      { id: sid, time: H - 3600, cpu: 90, memory: 180, disk_percent: 90, disk_percent_part: { '/': 10 } },
    ]);
    const day = await get('time_step=Day');
    expect(day.body.data).toEqual([{ id: sid, time: Math.floor(E / 86400) * 86400, cpu: 37.5, memory: 75, disk_percent: 40, disk_percent_part: { '/': 40 } }]);
    expect((await get(`time_step=Hour&start=${H - 7200}&num=1`)).body.data.map((d: { time: number }) => d.time)).toEqual([H - 3600]);
  });

  it.each([
    ['time_step=Week', 'time_step', 'time_step must be one of Minute, Hour, Day'],
    ['time_step=minute', 'time_step', 'time_step must be one of Minute, Hour, Day'],
    ['num=0', 'num', 'num must be between 1 and 1000000'],
    ['num=x', 'num', 'num must be an integer'],
    ['start=-5', 'start', 'start must be at least 0'],
    ['end=soon', 'end', 'end must be an integer'],
    ['limit=2501', 'limit', 'limit must be between 1 and 2500'],
  ])('refuses %s with 400', async (q, field, message) => {
    const r = await get(q);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, field, message } });
  });

  it("hides another account's server, and an unknown one, with 404", async () => {
    expect((await get('', theirs)).status).toBe(404);
    expect((await svc.request('GET', '/api/servers/999999/data/')).status).toBe(404);
    expect((await svc.request('GET', '/api/servers/abc/data/')).status).toBe(404);
    expect((await get('', theirs)).body.error.message).toBe((await svc.request('GET', '/api/servers/999999/data/')).body.error.message);
    expect((await get('', theirs).then(() => svc.request('GET', `/api/servers/${theirs}/data/`, { as: svc.other }))).body.data).toHaveLength(1);
  });

  it('answers an empty page for a server without data, and 404 once the server is deleted', async () => {
    const quiet = await registerTestServer(svc, 'g-quiet');
    for (const q of ['', 'time_step=Hour&num=5', `start=${E - 180}`]) {
      const r = await get(q, quiet);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ pagination: { count: 0, next: null, previous: null }, data: [] });
    }
    const gone = await registerTestServer(svc, 'g-gone');
    expect((await postBatch(svc, batchFor('g-gone', E))).status).toBe(201);
    expect((await get('', gone)).body.data).toHaveLength(1);
    expect((await svc.request('DELETE', `/api/servers/${gone}/`)).status).toBe(200);
    expect((await get('', gone)).status).toBe(404);
  });

  it('needs credentials', async () => {
    expect((await svc.request('GET', `/api/servers/${sid}/data/`, { as: null })).status).toBe(401);
  });

  it('gives the latest point of every server of the account', async () => {
    const r = await svc.request('GET', '/api/v5/servers/latest_data/');
    expect(r.body.pagination.count).toBe(1);
    expect(r.body.data).toEqual([{ server_id: sid, id: sid, time: E, cpu: 30, memory: 60 }]);
  });

  it('pages the latest points by server id, and answers a stored record without fields as valid JSON', async () => {
    const bare = await registerTestServer(svc, 'g-bare');
    await svc.sql.run("INSERT INTO tm_server_minutes (account_id, server_id, time, data) VALUES (?, ?, ?, '{}')", svc.account.id, bare, E);
    await svc.sql.run("INSERT INTO tm_server_latest (account_id, server_id, time, data) VALUES (?, ?, ?, '{}')", svc.account.id, bare, E);
    expect((await get('', bare)).body.data).toEqual([{ id: bare, time: E }]);
    const second = await svc.request('GET', '/api/v5/servers/latest_data/?limit=1&page=1');
    expect(second.body.pagination).toEqual({ count: 2, next: null, previous: '/api/v5/servers/latest_data/?limit=1&page=0' });
    expect(second.body.data).toEqual([{ server_id: bare, id: bare, time: E }]);
    expect((await svc.request('GET', '/api/v5/servers/latest_data/?limit=1&page=2')).body.data).toEqual([]);
  });

  it('orders and pages a long window', async () => {
    const long = await registerTestServer(svc, 'g-long');
    const n = 500;
    const rows = Array.from({ length: n }, (_, k) => [svc.account.id, long, E - k * 60, `{"cpu":${k}}`]);
    await svc.sql.run(`INSERT INTO tm_server_minutes (account_id, server_id, time, data) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')}`, ...rows.flat());
    await svc.sql.run("INSERT INTO tm_server_latest (account_id, server_id, time, data) VALUES (?, ?, ?, '{}')", svc.account.id, long, E);
    const all = await get(`num=${n}`, long);
    expect(all.body.pagination.count).toBe(n);
    expect(all.body.data.map((d: { cpu: number }) => d.cpu)).toEqual(Array.from({ length: n }, (_, k) => k));
    const page = await get(`num=${n}&limit=200&page=1`, long);
    expect(page.body.pagination.count).toBe(n);
    expect(page.body.data.map((d: { time: number }) => d.time)).toEqual(Array.from({ length: 200 }, (_, k) => E - (200 + k) * 60));
    const last = await get(`num=${n}&limit=200&page=2`, long);
    expect(last.body.pagination).toMatchObject({ count: n, next: null });
    expect(last.body.data).toHaveLength(100);
  });
});

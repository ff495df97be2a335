import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';

const H = 1_700_002_800; // an hour boundary
const M = H + 600; // minutes M .. M+180
let svc: TestService;
let sid: number;
let theirs: number;
const nginx = { pid: 10, create_time: 1000, name: 'nginx', args: '-g daemon off;' };
const job = { pid: 20, create_time: 2000, name: 'cron-job', args: null };
const thread = { TID: '1', StackSize: '8', CreateTime: '1000', KernelTime: '1', UserTime: '2' };

beforeAll(async () => {
  svc = await startTestService({}, () => M + 600);
  sid = await registerTestServer(svc, 'p1');
  theirs = await registerTestServer(svc, 'p-theirs', svc.other);
  const post = async (minute: number, processes: object[], process_details: object[] = []) =>
    expect((await postBatch(svc, batchFor('p1', minute, { processes, process_details } as never))).status).toBe(201);
  await post(M, [{ ...nginx, cpu: 10, memory: 100, flags: 1, critical_log: 2 }, { ...job, cpu: 50 }], [{ pid: 10, create_time: 1000, files: ['/etc/nginx.conf'] }]);
  await post(M + 60, [{ ...nginx, cpu: 20, memory: 300 }, { ...job, cpu: 70 }]);
  await post(M + 180, [{ ...nginx, cpu: 30 }], [{ pid: 10, create_time: 1000, files: ['/var/log/x'], threads: [thread] }]);
  expect((await postBatch(svc, batchFor('p-theirs', M, { processes: [{ ...nginx }] }), { as: svc.other })).status).toBe(201);
});
afterAll(() => svc.close());

const uid = (p: { pid: number; create_time: number }, s = sid) => `${s}_${p.pid}_${p.create_time}`;

describe('server processes', () => {
  it('lists the processes of the latest minute by default, pid and create_time as strings', async () => {
    const r = await svc.request('GET', `/api/servers/${sid}/processes/`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      pagination: { count: 1, next: null, previous: null },
      data: [{ uid: uid(nginx), pid: '10', create_time: '1000', name: 'nginx', args: '-g daemon off;', server_id: sid }],
    });
  });

  it.each([
    [M, M + 60, ['nginx', 'cron-job']],
    // A process sampled at minute m ran during [m, m + 60): ranges off the minute still find it.
    [M + 1, M + 59, ['nginx', 'cron-job']],
    [M + 61, M + 179, ['nginx', 'cron-job']],
    [M + 121, M + 179, []],
    [M + 120, M + 200, ['nginx']],
    [H - 3600, H + 7200, ['nginx', 'cron-job']], // whole hours come from the hour rollup
  ])('lists the processes running within %i..%i', async (start, end, names) => {
    const r = await svc.request('GET', `/api/servers/${sid}/processes/?start=${start}&end=${end}`);
    expect(r.body.data.map((p: { name: string }) => p.name)).toEqual(names);
  });

  it.each([
    [`start=${M}`, 'start', 'start requires end'],
    [`start=${M}&end=${M - 60}`, 'end', 'end must not be before start'],
    ['end=x', 'end', 'end must be an integer'],
    ['limit=0', 'limit', 'limit must be between 1 and 2500'],
  ])('refuses %s with 400', async (q, field, message) => {
    const r = await svc.request('GET', `/api/servers/${sid}/processes/?${q}`);
    expect(r.body).toEqual({ error: { status: 400, field, message } });
  });

  it('gives summary records per process per step, most recent first', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/data/?num=3`); // M+180, M+120 (missing), M+60
    expect(r.body.pagination.count).toBe(3);
    expect(r.body.data).toEqual([
      { uid: uid(nginx), name: 'nginx', args: '-g daemon off;', time: M + 180, cpu: 30 },
      { uid: uid(nginx), name: 'nginx', args: '-g daemon off;', time: M + 60, cpu: 20, memory: 300 },
      { uid: uid(job), name: 'cron-job', args: null, time: M + 60, cpu: 70 },
    ]);
    const hour = await svc.request('GET', `/api/v5/servers/${sid}/processes/data/?time_step=Hour&limit=1&page=1`);
    expect(hour.body.pagination.count).toBe(2);
    expect(hour.body.data).toEqual([{ uid: uid(job), name: 'cron-job', args: null, time: H, cpu: 60 }]);
    const first = await svc.request('GET', `/api/v5/servers/${sid}/processes/data/?end=${M}`);
    expect(first.body.data[0]).toEqual({ uid: uid(nginx), name: 'nginx', args: '-g daemon off;', time: M, cpu: 10, memory: 100, flags: 1, critical_log: 2 });
    expect((await svc.request('GET', `/api/servers/${sid}/processes/data/?time_step=Year`)).status).toBe(400);
  });
});

describe('process data and detail', () => {
  it.each([
    ['num=5', [{ time: M + 180, cpu: 30 }, { time: M + 60, cpu: 20, memory: 300 }, { time: M, cpu: 10, memory: 100, flags: 1, critical_log: 2 }]],
    [`num=2&end=${M + 120}`, [{ time: M + 60, cpu: 20, memory: 300 }]],
    ['time_step=Hour', [{ time: H, cpu: 20, memory: 200, flags: 1, critical_log: 2 }]],
    ['time_step=Day', [{ time: Math.floor(H / 86400) * 86400, cpu: 20, memory: 200, flags: 1, critical_log: 2 }]],
  ])('answers %s', async (q, data) => {
    const r = await svc.request('GET', `/api/processes/${uid(nginx)}/data/?${q}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(data);
  });

  it('gives files and threads of the latest or a chosen minute', async () => {
    const latest = await svc.request('GET', `/api/processes/${uid(nginx)}/detail/`);
    expect(latest.body).toEqual({ pagination: { count: 1, next: null, previous: null }, data: { files: ['/var/log/x'], threads: [thread] } });
    expect((await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?time=${M + 30}`)).body.data).toEqual({ files: ['/etc/nginx.conf'] });
    expect((await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?time=${M + 60}`)).body.data).toEqual({});
    expect((await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?time=soon`)).status).toBe(400);
  });

  it.each([
    // details at M and M+180: the nearer one answers, and says which minute it is
    [M + 60, { time: M, data: { files: ['/etc/nginx.conf'] }, pagination: { count: 1, next: null, previous: null } }],
    [M + 120, { time: M + 180, data: { files: ['/var/log/x'], threads: [thread] }, pagination: { count: 1, next: null, previous: null } }],
    [M + 180, { time: M + 180, data: { files: ['/var/log/x'], threads: [thread] }, pagination: { count: 1, next: null, previous: null } }],
    // more than 30 minutes from any: none, and no minute
    [M + 180 + 31 * 60, { time: null, data: {}, pagination: { count: 0, next: null, previous: null } }],
  ])('with nearest=true at %i answers the nearest minute with details (extension)', async (time, body) => {
    const r = await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?time=${time}&nearest=true`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(body);
  });

  it('answers no minute for a process that never had details, and refuses nearest without time', async () => {
    expect((await svc.request('GET', `/api/processes/${uid(job)}/detail/?time=${M}&nearest=true`)).body).toMatchObject({ time: null, data: {} });
    const r = await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?nearest=true`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, field: 'nearest', message: 'nearest requires time' } });
    expect((await svc.request('GET', `/api/processes/${uid(nginx)}/detail/?time=${M}&nearest=maybe`)).body.error).toMatchObject({ field: 'nearest', message: 'nearest must be true or false' });
  });

  it('answers every process of one minute with its usage in one request (the top table)', async () => {
    const r = await svc.request('GET', `/api/v5/servers/${sid}/processes/data/?start=${M}&end=${M}&time_step=Minute`);
    expect(r.body.pagination.count).toBe(2);
    expect(r.body.data).toEqual([
      expect.objectContaining({ uid: uid(nginx), name: 'nginx', time: M, cpu: 10, memory: 100 }),
      expect.objectContaining({ uid: uid(job), name: 'cron-job', time: M, cpu: 50 }),
    ]);
  });

  it.each([
    () => uid(nginx, theirs),
    () => `${sid}_10_999`,
    () => 'not-a-uid',
    () => `${sid}_10`,
  ])("answers 404 for another account's, unknown or malformed uids (%#)", async (u) => {
    for (const p of [`/api/processes/${u()}/data/`, `/api/processes/${u()}/detail/`]) {
      const r = await svc.request('GET', p);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('process not found');
    }
  });

  it("hides another account's server and needs credentials", async () => {
    for (const p of [`/api/servers/${theirs}/processes/`, `/api/servers/${theirs}/processes/data/`]) expect((await svc.request('GET', p)).status).toBe(404);
    expect((await svc.request('GET', `/api/servers/${theirs}/processes/`, { as: svc.other })).body.data).toHaveLength(1);
    expect((await svc.request('GET', `/api/processes/${uid(nginx)}/data/`, { as: null })).status).toBe(401);
  });

  it('refuses a time_step the endpoint does not allow', async () => {
    const r = await svc.request('GET', `/api/processes/${uid(nginx)}/data/?time_step=Second`);
    expect(r.body.error).toMatchObject({ status: 400, field: 'time_step' });
  });
});

describe('a process that ended before the server\'s latest minute', () => {
  const A = H - 2 * 86400 + 120; // two days before the server's latest minute
  const old = { pid: 30, create_time: 3000, name: 'batch-import', args: null };
  let ended: number;
  beforeAll(async () => {
    ended = await registerTestServer(svc, 'p-ended');
    const post = async (minute: number, over: object) => expect((await postBatch(svc, batchFor('p-ended', minute, over as never))).status).toBe(201);
    await post(A - 60, { processes: [{ ...old, cpu: 4 }] });
    await post(A, { processes: [{ ...old, cpu: 8 }], process_details: [{ pid: 30, create_time: 3000, files: ['/srv/import.csv'] }] });
    await post(M, { processes: [{ ...nginx, cpu: 1 }] });
  });

  it.each([
    ['', [{ time: A, cpu: 8 }]],
    ['num=5', [{ time: A, cpu: 8 }, { time: A - 60, cpu: 4 }]],
    ['time_step=Hour', [{ time: Math.floor(A / 3600) * 3600, cpu: 6 }]],
    ['time_step=Day', [{ time: Math.floor(A / 86400) * 86400, cpu: 6 }]],
  ])('answers its own most recent points by default (%s)', async (q, data) => {
    const r = await svc.request('GET', `/api/processes/${uid(old, ended)}/data/?${q}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(data);
  });

  it('answers its latest detail, older than a day before the server\'s latest minute', async () => {
    const r = await svc.request('GET', `/api/processes/${uid(old, ended)}/detail/`);
    expect(r.body).toEqual({ pagination: { count: 1, next: null, previous: null }, data: { files: ['/srv/import.csv'] } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessSample } from '../../shared/ingest';
import { startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer, type BatchInput } from '../testing/ingest';

const T0 = Math.floor(Date.now() / 1000 / 3600) * 3600 - 3 * 3600; // an hour boundary, 3 hours ago
let svc: TestService;
let web1: number;
let web2: number;
let appId: number;

const proc = (pid: number, name: string, args: string | null, over: Partial<ProcessSample> = {}): ProcessSample => ({
  pid,
  create_time: 1000 + pid,
  name,
  args,
  cpu: 10,
  memory: 1000,
  thread_num: 4,
  response_num: 3,
  ...over,
});

async function feed(guid: string, minute: number, processes: ProcessSample[], details: { pid: number; create_time: number; files?: string[] }[] = [], connections: BatchInput['connections'] = []) {
  const r = await postBatch(svc, batchFor(guid, minute, { processes, process_details: details, connections }));
  expect(r.body).toMatchObject({ stored: true });
}

beforeAll(async () => {
  svc = await startTestService();
  web1 = await registerTestServer(svc, 'web1', undefined, { capacity_cpu_num: 4 });
  web2 = await registerTestServer(svc, 'web2', undefined, { capacity_cpu_num: 2 });
  const nginx1 = [proc(10, 'nginx', 'master'), proc(11, 'nginx', 'worker', { cpu: 5 }), proc(12, 'bash', null)];
  const conn = { pid: 10, create_time: 1010, role: 'server' as const, local_ip: '10.0.0.1', local_port: 80, peer_ip: '10.0.0.9', peer_port: 40000 };
  await feed('web1', T0, nginx1, [{ pid: 10, create_time: 1010, files: ['/etc/nginx/nginx.conf'] }], [
    { ...conn, state: 'ESTABLISHED', sent: 500, recv: 200, responses: 4, response_time_us: 8000 },
  ]);
  // T0+60 is missing on web1 (a gap); web2 joins at T0+60.
  await feed('web1', T0 + 120, [proc(10, 'nginx', 'master', { cpu: 20 })]);
  await feed('web2', T0 + 60, [proc(20, 'nginx', 'master', { cpu: 7 }), proc(21, 'node', 'app.js')]);
  await feed('web2', T0 + 120, [proc(20, 'nginx', 'master', { cpu: 8 })]);
  // Detection on both servers creates one nginx application over them.
  expect((await svc.request('GET', `/api/v5/servers/${web1}/auto_detection/`)).body).toEqual(['nginx']);
  appId = (await svc.request('GET', '/api/applications/')).body.data.find((a: { name: string }) => a.name === 'nginx').id;
});
afterAll(() => svc.close());

describe('applications', () => {
  it('lists and reads applications', async () => {
    // web2's latest minute (T0+120) has nginx only; node ran a minute earlier.
    expect((await svc.request('GET', `/api/servers/${web2}/auto_detection`)).body).toEqual(['nginx']);
    const l = await svc.request('GET', '/api/applications/');
    expect(l.status).toBe(200);
    expect(l.body.data).toEqual([
      { id: appId, created: expect.any(Number), name: 'nginx', servers: [web1, web2], template: 1, url: `/api/v5/applications/${appId}/` },
    ]);
    expect((await svc.request('GET', `/api/v5/applications/${appId}`)).body).toEqual(l.body.data[0]);
  });

  it('sums its processes per minute in /data/, skipping minutes without data', async () => {
    const r = await svc.request('GET', `/api/applications/${appId}/data/?num=3`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { time: T0 + 120, cpu: 28, memory: 2000, thread_num: 8, response_num: 6, net_transact_num: 6, process_num: 2, cpu_core_count: 6 },
      { time: T0 + 60, cpu: 7, memory: 1000, thread_num: 4, response_num: 3, net_transact_num: 3, process_num: 1, cpu_core_count: 2 },
      { time: T0, cpu: 15, memory: 2000, thread_num: 8, response_num: 6, net_transact_num: 6, process_num: 2, cpu_core_count: 4 },
    ]);
    const one = await svc.request('GET', `/api/applications/${appId}/data/`);
    expect(one.body.data.map((d: { time: number }) => d.time)).toEqual([T0 + 120]);
    const hour = await svc.request('GET', `/api/applications/${appId}/data/?time_step=Hour&end=${T0}`);
    expect(hour.status).toBe(200);
    expect(hour.body.data[0]).toMatchObject({ time: T0, process_num: 3 });
  });

  it('answers its processes now, in a window, and their summaries', async () => {
    const now = await svc.request('GET', `/api/applications/${appId}/processes/`);
    expect(now.body.data.map((p: { uid: string }) => p.uid)).toEqual([`${web1}_10_1010`, `${web2}_20_1020`]);
    const win = await svc.request('GET', `/api/applications/${appId}/processes/?start=${T0}&end=${T0 + 60}`);
    expect(win.body.data.map((p: { uid: string }) => p.uid)).toEqual([`${web1}_10_1010`, `${web1}_11_1011`, `${web2}_20_1020`]);
    const summary = await svc.request('GET', `/api/applications/${appId}/processes/data/?start=${T0}&end=${T0 + 120}`);
    const atT0 = [`${web1}_10_1010`, `${web1}_11_1011`];
    // A process sampled at minute m ran during [m, m + 60); ranges off the minute overlap it too.
    for (const q of [`end=${T0}`, `end=${T0 + 30}`, `end=${T0 + 59}`, `start=${T0 + 1}&end=${T0 + 59}`, `start=${T0 - 60}&num=1`]) {
      const r = await svc.request('GET', `/api/applications/${appId}/processes/?${q}`);
      expect([q, r.body.data.map((p: { uid: string }) => p.uid)]).toEqual([q, atT0]);
    }
    // Version 3: start and num set end = start + 60 × num (end given is overridden), num minutes back.
    const v3 = await svc.request('GET', `/api/applications/${appId}/processes/?start=${T0}&num=2&end=${T0 + 9999}`);
    expect(v3.body.data.map((p: { uid: string }) => p.uid)).toEqual([`${web1}_10_1010`, `${web2}_20_1020`]);
    expect(summary.body.data.map((p: { uid: string; time: number }) => [p.time, p.uid])).toEqual([
      [T0 + 120, `${web1}_10_1010`],
      [T0 + 120, `${web2}_20_1020`],
      [T0 + 60, `${web2}_20_1020`],
      [T0, `${web1}_10_1010`],
      [T0, `${web1}_11_1011`],
    ]);
  });

  it('keeps a huge span bounded: pages stop at the latest minute and start within the kept minute data', async () => {
    const r = await svc.request('GET', `/api/applications/${appId}/processes/?start=0&end=9999999999`);
    expect(r.status).toBe(200);
    const next = new URL(r.body.pagination.next, 'http://x');
    expect(Number(next.searchParams.get('end'))).toBeLessThan(T0 + 3600);
    expect(Number(next.searchParams.get('start'))).toBeGreaterThan(T0 - 31 * 86_400);
  });

  it('continues a span over an hour on the next link', async () => {
    const r = await svc.request('GET', `/api/applications/${appId}/processes/?start=${T0 - 3600}&end=${T0 + 120}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    const next = new URL(r.body.pagination.next, 'http://x');
    expect(next.searchParams.get('start')).toBe(String(T0));
    const r2 = await svc.request('GET', r.body.pagination.next.replace('/api/v5', '/api'));
    expect(r2.body.data).toHaveLength(3);
    expect(r2.body.pagination.next).toBeNull();
  });

  it('answers the files and sockets of its processes in /detail/', async () => {
    const r = await svc.request('GET', `/api/applications/${appId}/detail/?time=${T0}`);
    const socket = {
      Status: 'ESTABLISHED', PeerIP: '10.0.0.9', PeerPort: '40000', SockIP: '10.0.0.1', SockPort: '80', Socket: expect.any(String),
      Type: 'TCP', TransSent: '500', TransRecv: '200', NumResponses: '4', TotalResponseTime: '8000', TransactTime: String(T0),
      TransAcceptTime: '', ThreadId: '', ProcName: [`${web1}_10_1010`, 'nginx', 'master'],
    };
    expect(r.body).toEqual({ pagination: { count: 1, next: null, previous: null }, data: { files: ['/etc/nginx/nginx.conf'], sockets: [socket] } });
    // Without a time: each process's latest minute with sockets.
    expect((await svc.request('GET', `/api/applications/${appId}/detail/`)).body.data.sockets).toEqual([socket]);
    const none = await svc.request('GET', `/api/applications/${appId}/detail/?time=${T0 + 60}`);
    expect(none.body).toEqual({ pagination: { count: 0, next: null, previous: null }, data: {} });
  });

  it.each([
    ['data/?time_step=Week', 'time_step'],
    ['data/?num=0', 'num'],
    ['data/?limit=0', 'limit'],
    ['processes/data/?time_step=Second', 'time_step'],
    ['processes/?num=abc', 'num'],
    [`processes/?start=${T0}&end=${T0 - 60}`, 'end'],
    ['detail/?time=yesterday', 'time'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const r = await svc.request('GET', `/api/applications/${appId}/${path}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it("hides another account's application: 404 like a missing id", async () => {
    await registerTestServer(svc, 'theirs', svc.other);
    await postBatch(svc, batchFor('theirs', T0, { processes: [proc(30, 'redis-server', null)] }), { as: svc.other });
    const theirServer = (await svc.request('GET', '/api/servers/', { as: svc.other })).body.data[0].id;
    await svc.request('GET', `/api/servers/${theirServer}/auto_detection/`, { as: svc.other });
    const theirs = (await svc.request('GET', '/api/applications/', { as: svc.other })).body.data[0];
    expect(theirs.name).toBe('Redis');
    for (const p of ['', 'data/', 'detail/', 'processes/', 'processes/data/']) {
      const r = await svc.request('GET', `/api/applications/${theirs.id}/${p}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual((await svc.request('GET', `/api/applications/99999999/${p}`)).body);
    }
    expect((await svc.request('GET', '/api/applications/')).body.data.map((a: { id: number }) => a.id)).toEqual([appId]);
  });

  it('rounds its sums to 3 decimals, without float noise, at every step', async () => {
    const r1 = await registerTestServer(svc, 'redis1');
    const m = T0 - 7200;
    await feed('redis1', m, [proc(50, 'redis-server', null, { cpu: 0.1, memory: 0.7 }), proc(51, 'redis-server', null, { cpu: 0.2, memory: 0.1 })]);
    await feed('redis1', m + 60, [proc(50, 'redis-server', null, { cpu: 0.3, memory: 0.3 }), proc(51, 'redis-server', null, { cpu: 0.6, memory: 0.2 })]);
    expect((await svc.request('GET', `/api/v5/servers/${r1}/auto_detection/`)).body).toEqual(['Redis']);
    const id = (await svc.request('GET', '/api/applications/')).body.data.find((a: { name: string }) => a.name === 'Redis').id;
    const minute = await svc.request('GET', `/api/applications/${id}/data/?start=${m}&end=${m + 60}`);
    expect(minute.body.data.map((d: { cpu: number; memory: number }) => [d.cpu, d.memory])).toEqual([[0.9, 0.5], [0.3, 0.8]]);
    for (const step of ['Hour', 'Day']) {
      const r = await svc.request('GET', `/api/applications/${id}/data/?time_step=${step}&end=${m}`);
      expect([step, r.body.data[0].cpu, r.body.data[0].memory]).toEqual([step, 0.6, 0.65]);
    }
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/applications/', { as: null })).status).toBe(401);
    expect((await svc.request('GET', `/api/applications/${appId}/data/`, { as: null })).status).toBe(401);
  });
});

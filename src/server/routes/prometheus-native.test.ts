import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessSample } from '../../shared/ingest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { promGet } from '../testing/remote-write';

// The native model under Prometheus names: a Grafana user charts a server's CPU, a process's CPU and an
// application's sum with PromQL, each account seeing only its own servers.
const T0 = Math.floor(Date.now() / 60_000) * 60 - 20 * 60;
const MINUTES = 10;
let svc: TestService;
let auth: string;
let a: number;
let b: number;

const proc = (pid: number, name: string, cpu: number): ProcessSample => ({ pid, create_time: 1000 + pid, name, args: null, cpu, memory: 1000 * pid });

beforeAll(async () => {
  svc = await startTestService();
  auth = basicHeader(svc.account);
  a = await registerTestServer(svc, 'pn-a', undefined, { capacity_cpu_num: 4 });
  b = await registerTestServer(svc, 'pn-b', undefined, { capacity_cpu_num: 2 });
  const theirs = await registerTestServer(svc, 'pn-a', svc.other);
  expect(theirs).toBeGreaterThan(0);
  for (let i = 0; i < MINUTES; i++) {
    const minute = T0 + i * 60;
    const ra = await postBatch(svc, batchFor('pn-a', minute, { server: { cpu: 10 + i, memory: 2000, disk_busy: { sda: 12 + i } }, processes: [proc(100, 'java', 30 + i), proc(200, 'nginx', 5)] }));
    const rb = await postBatch(svc, batchFor('pn-b', minute, { server: { cpu: 50, memory: 3000 }, processes: [proc(300, 'nginx', 7)] }));
    const rc = await postBatch(svc, batchFor('pn-a', minute, { server: { cpu: 99, memory: 1 } }), { as: svc.other });
    expect([ra.status, rb.status, rc.status]).toEqual([201, 201, 201]);
  }
  // Detection makes an nginx application over both servers.
  await svc.request('GET', `/api/v5/servers/${a}/auto_detection/`);
  await svc.request('GET', `/api/v5/servers/${b}/auto_detection/`);
});
afterAll(() => svc.close());

const range = (query: string) => promGet(svc.baseUrl, auth, '/query_range', { query, start: T0, end: T0 + (MINUTES - 1) * 60, step: 60 });
const instant = (query: string) => promGet(svc.baseUrl, auth, '/query', { query, time: T0 + (MINUTES - 1) * 60 });

describe('native series under Prometheus names', () => {
  it('a server CPU series, one value per stored minute', async () => {
    const r = await range('fleetwatch_server_cpu_percent{server="host-pn-a"}');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [{
          metric: { __name__: 'fleetwatch_server_cpu_percent', server: 'host-pn-a', server_id: String(a) },
          values: Array.from({ length: MINUTES }, (_, i) => [T0 + i * 60, String(10 + i)]),
        }],
      },
    });
  });

  it('aggregations, functions and per-part labels over native series', async () => {
    const max = await instant('max by (server) (fleetwatch_server_cpu_percent)');
    expect(max.body.data.result.map((x: { metric: { server: string }; value: [number, string] }) => [x.metric.server, x.value[1]]).sort()).toEqual([['host-pn-a', '19'], ['host-pn-b', '50']]);
    const avg = await instant('avg_over_time(fleetwatch_server_cpu_percent{server="host-pn-a"}[5m])');
    // Minutes 5..9 (15..19 %) lie within the 5 minutes up to the last one (the window's start is open).
    expect(avg.body.data.result[0].value[1]).toBe('17');
    const disk = await instant('fleetwatch_server_disk_busy_percent{disk="sda"}');
    expect(disk.body.data.result).toEqual([{ metric: { __name__: 'fleetwatch_server_disk_busy_percent', server: 'host-pn-a', server_id: String(a), disk: 'sda' }, value: [T0 + (MINUTES - 1) * 60, '21'] }]);
  });

  it('the process eating the CPU, by topk', async () => {
    const top = await instant('topk(1, fleetwatch_process_cpu_percent{server="host-pn-a"})');
    expect(top.body.data.result).toEqual([
      { metric: { __name__: 'fleetwatch_process_cpu_percent', server: 'host-pn-a', server_id: String(a), process: 'java', pid: '100' }, value: [T0 + (MINUTES - 1) * 60, '39'] },
    ]);
  });

  it('an application as the sum over its processes on every server', async () => {
    const r = await instant('fleetwatch_application_cpu_percent{application="nginx"}');
    expect(r.body.data.result).toHaveLength(1);
    expect(r.body.data.result[0].value[1]).toBe('12');
    expect((await instant('fleetwatch_application_processes{application="nginx"}')).body.data.result[0].value[1]).toBe('2');
  });

  it('series and metric names list native series of this account only', async () => {
    const s = await promGet(svc.baseUrl, auth, '/series', { 'match[]': 'fleetwatch_server_cpu_percent', start: T0 });
    expect(s.body.data.map((x: { server: string }) => x.server).sort()).toEqual(['host-pn-a', 'host-pn-b']);
    const names = await promGet(svc.baseUrl, auth, '/label/__name__/values', { start: T0 });
    expect(names.body.data).toEqual(expect.arrayContaining(['fleetwatch_server_cpu_percent', 'fleetwatch_server_memory_bytes', 'fleetwatch_application_cpu_percent']));
    const theirs = await promGet(svc.baseUrl, basicHeader(svc.other), '/query', { query: 'fleetwatch_server_cpu_percent', time: T0 + (MINUTES - 1) * 60 });
    expect(theirs.body.data.result.map((x: { value: [number, string] }) => x.value[1])).toEqual(['99']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { postBatch } from '../testing/ingest';
import { promGet } from '../testing/remote-write';
import { buildFleet, registrationOf } from './fleet';
import { generateBatch } from './generate';
import { incidentTarget } from './incidents';

// The 3 a.m. question asked from Grafana: on the demo fleet's CPU incident on app-02 at 14:00
// (2026-11-12), PromQL over the native series names the same server CPU as the API and java as the
// process eating it.
const fleet = buildFleet(25, 1);
const app02 = incidentTarget(fleet, 'cpu_spike')!;
const T = Date.UTC(2026, 10, 12, 14, 0) / 1000;

let svc: TestService;
let sid: number;

beforeAll(async () => {
  svc = await startTestService({}, () => T + 120);
  sid = (await svc.request('POST', '/api/v5/collector/register', { json: registrationOf(app02, fleet.seed) })).body.server_id;
  for (let m = T - 30 * 60; m <= T; m += 60) expect((await postBatch(svc, generateBatch(fleet, app02, m))).status).toBe(201);
}, 60_000);
afterAll(() => svc.close());

describe("PromQL on the demo's CPU incident on app-02", () => {
  it('answers the server CPU the API answers, and java as the top process at 14:00', async () => {
    expect(app02.hostname).toBe('app-02');
    const auth = basicHeader(svc.account);
    const api = (await svc.request('GET', `/api/v5/servers/${sid}/data/?start=${T}&end=${T}`)).body.data[0] as { cpu: number };
    const cpu = await promGet(svc.baseUrl, auth, '/query', { query: 'fleetwatch_server_cpu_percent{server="app-02"}', time: T });
    expect(Number(cpu.body.data.result[0].value[1])).toBeCloseTo(api.cpu, 6);
    expect(api.cpu).toBeGreaterThan(70);
    const top = await promGet(svc.baseUrl, auth, '/query', { query: 'topk(1, fleetwatch_process_cpu_percent{server="app-02"})', time: T });
    expect(top.body.data.result).toHaveLength(1);
    expect(top.body.data.result[0].metric).toMatchObject({ server: 'app-02', process: 'java' });
    // Before the spike (13:30), java is not far above its usual share.
    const before = await promGet(svc.baseUrl, auth, '/query', { query: 'fleetwatch_process_cpu_percent{server="app-02", process="java"}', time: T - 30 * 60 });
    expect(Number(before.body.data.result[0].value[1])).toBeLessThan(Number(top.body.data.result[0].value[1]) - 30);
  });
});

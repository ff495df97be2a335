import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';

// Clocks that disagree: `api` reads 2 s ahead of `edge`, and `slow` logs a longer duration than its
// caller measured (two clocks measuring differently). The skew is estimated and shown; a latency is
// client minus server duration as logged, negative when they disagree so (the spec allows it).
let svc: TestService;
const E = 1_700_000_040;
const T = E + 10;
let edge: EventServer;
let api: EventServer;
let slow: EventServer;

const tx = (log_type: 'url' | 'sql', time: number, pid: number, own: [string, number], peer: [string, number], statement: string, duration: number) => ({
  log_type, time, pid, ppid: 1, socket: 7, own_ip: own[0], own_port: own[1], peer_ip: peer[0], peer_port: peer[1], statement, duration, application: 'app',
});
const proc = (pid: number, name: string) => ({ pid, create_time: 1000, name, args: null, cpu: 1, memory: 1000, thread_num: 1 });

beforeAll(async () => {
  svc = await startTestService();
  const on = await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true } });
  expect(on.status).toBe(200);
  edge = await eventServer(svc, svc.account, 'edge', '10.9.0.1');
  api = await eventServer(svc, svc.account, 'api', '10.9.0.2');
  slow = await eventServer(svc, svc.account, 'slow', '10.9.0.3');
  await sendEvents(svc, edge, E, {
    processes: [proc(10, 'gateway')],
    transactions: [
      tx('sql', T, 10, ['10.9.0.1', 41000], ['10.9.0.2', 8080], 'CALL api', 0.1),
      tx('sql', T + 1, 10, ['10.9.0.1', 41001], ['10.9.0.3', 8080], 'CALL slow', 0.1),
    ],
  });
  // 10 ms each way, 80 ms of work, on a clock 2 s ahead.
  await sendEvents(svc, api, E, { processes: [proc(20, 'api')], transactions: [tx('url', T + 2.01, 20, ['10.9.0.2', 8080], ['10.9.0.1', 41000], 'GET /api', 0.08)] });
  // Logged 137.5 ms for a call its caller saw take 100 ms: client minus server is -37.5 ms.
  await sendEvents(svc, slow, E, { processes: [proc(30, 'slow')], transactions: [tx('url', T + 1, 30, ['10.9.0.3', 8080], ['10.9.0.1', 41001], 'GET /slow', 0.1375)] });
});
afterAll(() => svc.close());

describe('trace latencies across skewed clocks', () => {
  it('estimates each server\'s skew, answers the latency as measured (negative too), and places calls on corrected clocks', async () => {
    const r = await svc.request('GET', `/api/transactions/trace/?time=${T}&ip=10.9.0.2&port=8080`);
    expect(r.status).toBe(200);
    const byName = new Map(r.body.processes.map((p: { name: string; clockSkew?: number | null }) => [p.name, p]));
    expect((byName.get('gateway') as { clockSkew: number }).clockSkew).toBe(0);
    expect((byName.get('api') as { clockSkew: number }).clockSkew).toBeCloseTo(2);
    const calls = r.body.transactions as { serverServerId: number; latency?: number; requestLatency?: number; timing?: { start: number } }[];
    const toApi = calls.find((t) => t.serverServerId === api.id)!;
    expect(toApi.latency).toBeCloseTo(0.02);
    expect(toApi.requestLatency).toBeCloseTo(0.01);
    // api's message (its own 80 ms) placed on edge's clock: 10 ms after the call left.
    expect(toApi.timing).toMatchObject({ duration: 0.08, measuredBy: 'server', clock: 'known', latencyGap: null });
    expect(toApi.timing!.start).toBeCloseTo(T + 0.01);
    const toSlow = calls.find((t) => t.serverServerId === slow.id)!;
    expect(toSlow.latency).toBeCloseTo(-0.0375);
    expect(toSlow.requestLatency).toBe(0);
  });
});

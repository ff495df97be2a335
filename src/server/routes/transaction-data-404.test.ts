import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, sendEvents, seedLog, transactionLogId, type EventServer } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';

/** Unknown processes and deleted servers answer 404 on every log and trace read, as on /processes/{uid}/. */
let svc: TestService;
const E = 1_700_000_040;
const T = E + 10;
let web: EventServer;
let db: EventServer;
let fileLog: number;

const tx = (log_type: 'url' | 'sql', time: number, pid: number, own: [string, number], peer: [string, number]) => ({
  log_type, time, pid, ppid: 1, socket: 7, own_ip: own[0], own_port: own[1], peer_ip: peer[0], peer_port: peer[1], statement: `${log_type} statement`, duration: 0.1,
});
const logOf = (s: EventServer, type: 'AFURL' | 'AFSQL') => transactionLogId(svc, s, type);
const get = async (path: string) => (await svc.request('GET', path)).status;

beforeAll(async () => {
  svc = await startTestService({}, () => E + 600);
  expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true } })).status).toBe(200);
  web = await eventServer(svc, svc.account, 'web', '10.0.0.1');
  db = await eventServer(svc, svc.account, 'db', '10.0.0.3');
  fileLog = await seedLog(svc, web, 'FILE', '/var/log/app.log');
  await sendEvents(svc, web, E, {
    processes: [{ pid: 100, create_time: 1000, name: 'nginx' }],
    logs: [{ log_id: fileLog, messages: [{ time: E + 1, severity: 'critical', data: 'boom' }] }],
    transactions: [tx('url', T, 100, ['10.0.0.1', 80], ['203.0.113.5', 50000]), tx('sql', T + 0.1, 100, ['10.0.0.1', 41000], ['10.0.0.3', 5432])],
  });
  await sendEvents(svc, db, E, {
    processes: [{ pid: 300, create_time: 3000, name: 'postgres' }],
    connections: [{ pid: 300, create_time: 3000, role: 'server', local_ip: '10.0.0.3', local_port: 5432, peer_ip: '10.0.0.1', peer_port: 41000 }],
  });
});
afterAll(() => svc.close());

describe('a process uid whose create time is unknown', () => {
  it('answers 404 on the Process start of /transactions/trace/ and on /transactions/log/?uid, like /processes/{uid}/data/', async () => {
    expect(await get(`/api/transactions/trace/?time=${T}&uid=${web.id}_100_1000`)).toBe(200);
    expect(await get(`/api/processes/${web.id}_100_999/data/`)).toBe(404);
    expect(await get(`/api/transactions/trace/?time=${T}&uid=${web.id}_100_999`)).toBe(404);
    expect(await get(`/api/transactions/trace/?time=${T}&uid=${web.id}_101_1000`)).toBe(404);
    const lid = await logOf(web, 'AFURL');
    expect(await get(`/api/transactions/log/?type=url&lid=${lid}&uid=${web.id}_100_1000&start=${E}&duration=60`)).toBe(200);
    const r = await svc.request('GET', `/api/transactions/log/?type=url&lid=${lid}&uid=${web.id}_100_999&start=${E}&duration=60`);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ status: 404, message: 'process not found' });
  });
});

describe('a deleted server', () => {
  it("answers 404 for its logs, transaction logs and traces after DELETE /servers/{id}/", async () => {
    const before = await svc.request('GET', `/api/transactions/trace/?time=${T + 0.1}&uid=${db.id}_300_3000`);
    expect(before.body.processes.map((p: { uid: string }) => p.uid)).toEqual(['0_0_0', `${db.id}_300_3000`, `${web.id}_100_1000`]);
    const url = await logOf(web, 'AFURL');
    const sql = await logOf(web, 'AFSQL');
    const reads = [
      `/api/logs/${fileLog}/data/?end=${E}`,
      `/api/logs/${fileLog}/detail/?end=${E}`,
      `/api/transactions/logs/${url}/detail/?end=${E}`,
      `/api/transactions/log/?type=url&lid=${url}&start=${E}&duration=60`,
      `/api/transactions/trace/?time=${T}&uid=${web.id}_100_1000`,
      `/api/transactions/trace/?time=${T}&sid=${web.id}&pid=100`,
      `/api/transactions/trace/?time=${T + 0.1}&ip=10.0.0.3&port=5432`,
    ];
    for (const path of reads) expect([path, await get(path)]).toEqual([path, 200]);
    expect(await get(`/api/transactions/log/?type=sql&lid=${sql}&start=${E}&duration=60`)).toBe(200);
    expect((await svc.request('DELETE', `/api/servers/${web.id}/`)).status).toBe(200);
    for (const path of reads) expect([path, await get(path)]).toEqual([path, 404]);
    // The database server lives on: its own trace still answers, its deleted caller read as External.
    const trace = await svc.request('GET', `/api/transactions/trace/?time=${T + 0.1}&uid=${db.id}_300_3000`);
    expect(trace.status).toBe(200);
    expect(trace.body.processes.map((p: { uid: string }) => p.uid)).toEqual(['0_0_0', `${db.id}_300_3000`]);
  });
});

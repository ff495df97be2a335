import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, sendEvents, transactionLogId, type EventServer } from '../testing/event-batches';
import { startTestService, type TestAccount, type TestService } from '../testing/harness';

let svc: TestService;
const E = 1_700_000_040;
const T = E + 10;
let web: EventServer;
let app: EventServer;
let db: EventServer;
let app2: EventServer;

const conn = (pid: number, create_time: number, role: 'client' | 'server', local: [string, number], peer: [string, number], us = 0) => ({
  pid, create_time, role, local_ip: local[0], local_port: local[1], peer_ip: peer[0], peer_port: peer[1], responses: us ? 1 : 0, response_time_us: us,
});
const tx = (log_type: 'url' | 'sql', time: number, pid: number, own: [string, number], peer: [string, number], statement: string, duration: number) => ({
  log_type, time, pid, ppid: 1, socket: 7, own_ip: own[0], own_port: own[1], peer_ip: peer[0], peer_port: peer[1], statement, duration, application: 'app',
});
const proc = (pid: number, create_time: number, name: string, cpu: number) => ({ pid, create_time, name, args: `${name} --serve`, cpu, memory: 1000 * pid, thread_num: 4 });
const logOf = (s: EventServer, type: 'AFURL' | 'AFSQL') => transactionLogId(svc, s, type);

async function transactionsOn(as: TestAccount) {
  const r = await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true }, as });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  svc = await startTestService();
  await transactionsOn(svc.account);
  await transactionsOn(svc.other);
  web = await eventServer(svc, svc.account, 'web', '10.0.0.1');
  app = await eventServer(svc, svc.account, 'app', '10.0.0.2');
  db = await eventServer(svc, svc.account, 'db', '10.0.0.3');
  app2 = await eventServer(svc, svc.account, 'app2', '10.0.0.5');
  // External client -> nginx (web) -> java (app) -> postgres (db).
  await sendEvents(svc, web, E, {
    processes: [proc(100, 1000, 'nginx', 5)],
    connections: [
      conn(100, 1000, 'client', ['10.0.0.1', 40000], ['10.0.0.2', 8080], 450_000),
      // A second upstream used in the same minute, by another request (app2 logs it 20 s later).
      conn(100, 1000, 'client', ['10.0.0.1', 40001], ['10.0.0.5', 8080], 100_000),
    ],
    transactions: [tx('url', T, 100, ['10.0.0.1', 80], ['203.0.113.5', 50000], 'GET /shop HTTP/1.1', 0.5)],
  });
  await sendEvents(svc, app, E, {
    processes: [proc(200, 2000, 'java', 40)],
    transactions: [
      tx('url', T + 0.01, 200, ['10.0.0.2', 8080], ['10.0.0.1', 40000], 'GET /shop HTTP/1.0', 0.4),
      tx('sql', T + 0.05, 200, ['10.0.0.2', 41000], ['10.0.0.3', 5432], 'SELECT * FROM items', 0.2),
      tx('sql', T + 30, 200, ['10.0.0.2', 41001], ['10.0.0.3', 5432], 'SELECT later', 0.1),
    ],
  });
  await sendEvents(svc, app2, E, {
    processes: [proc(400, 4000, 'java', 3)],
    transactions: [tx('url', T + 20, 400, ['10.0.0.5', 8080], ['10.0.0.1', 40001], 'GET /other HTTP/1.0', 0.1)],
  });
  await sendEvents(svc, db, E, {
    processes: [proc(300, 3000, 'postgres', 12)],
    connections: [conn(300, 3000, 'server', ['10.0.0.3', 5432], ['10.0.0.2', 41000], 150_000)],
  });
  // Another tenant on the same private addresses: nothing of it may join our traces.
  const theirs = await eventServer(svc, svc.other, 'their-db', '10.0.0.3');
  await sendEvents(svc, theirs, E, {
    processes: [proc(999, 9, 'mysqld', 1)],
    connections: [conn(999, 9, 'server', ['10.0.0.3', 5432], ['10.0.0.2', 41000], 1)],
    transactions: [tx('url', T, 999, ['10.0.0.3', 80], ['10.0.0.1', 40000], 'GET /theirs', 1)],
  });
});
afterAll(() => svc.close());

const trace = (qs: string, as?: TestAccount) => svc.request('GET', `/api/transactions/trace/?${qs}`, { as });
const uids = (r: { body: { processes: { uid: string }[] } }) => r.body.processes.map((p) => p.uid);

describe('GET /transactions/trace/', () => {
  it('URL start: External -> nginx -> java -> postgres, each call timed by its logged message, no latency from an average', async () => {
    const r = await trace(`time=${T}&sid=${web.id}&pid=100`);
    expect(r.status).toBe(200);
    expect(uids(r)).toEqual(['0_0_0', `${web.id}_100_1000`, `${app.id}_200_2000`, `${db.id}_300_3000`]);
    // The trace's duration is the duration nginx logged for the request it started from.
    expect(r.body.request).toEqual({ initialUid: `${web.id}_100_1000`, processes: 4, transactions: 3, transactionId: 1, duration: 0.5 });
    expect(r.body.processes[0]).toMatchObject({ uid: '0_0_0', serverHostName: 'External', serverId: 0, cpu: 0, index: 0 });
    expect(r.body.processes[2]).toMatchObject({
      name: 'java', args: 'java --serve', serverHostName: 'app', serverIp: '10.0.0.2', serverId: app.id, pid: 200, cpu: 40,
      memory: 200_000, threads: 4, logType: 'url', logId: await logOf(app, 'AFURL'), time: E, index: 2, id: 2,
    });
    const [ext, proxy, query] = r.body.transactions;
    expect(ext).toMatchObject({ clientUid: '0_0_0', clientIp: '203.0.113.5', clientPort: 50000, serverUid: `${web.id}_100_1000`, serverPort: 80, serverDuration: 0.5, serverStatus: 'Closed' });
    expect(ext.latency).toBeUndefined();
    expect(proxy).toMatchObject({ clientProcessId: 1, serverProcessId: 2, clientIp: '10.0.0.1', clientPort: 40000, serverIp: '10.0.0.2', serverPort: 8080, clientDuration: 0.45, serverDuration: 0.4, clientStartTime: E, serverStartTime: T + 0.01 });
    // nginx's side is its socket's per-minute average (450 ms), not this request: no latency, java's 400 ms is the call's time.
    expect(proxy.latency).toBeUndefined();
    expect(proxy.timing).toEqual({ duration: 0.4, measuredBy: 'server', average: null, start: T + 0.01, clock: 'unknown', latency: null, latencyGap: 'client-average' });
    expect(query).toMatchObject({ clientUid: `${app.id}_200_2000`, serverUid: `${db.id}_300_3000`, serverServerId: db.id, clientStartTime: T + 0.05, serverPort: 5432 });
    expect(query.latency).toBeUndefined();
    expect(query.timing).toMatchObject({ duration: 0.2, measuredBy: 'client', start: T + 0.05, latencyGap: 'server-average' });
    expect(ext.timing).toMatchObject({ duration: 0.5, measuredBy: 'server', clock: 'known', latencyGap: 'one-side' });
  });

  it('SQL start: begins at the process that issued the statement, with its caller and callee', async () => {
    const r = await trace(`time=${T + 0.05}&ip=10.0.0.3&port=5432`);
    expect(r.status).toBe(200);
    expect(r.body.request.initialUid).toBe(`${app.id}_200_2000`);
    expect(new Set(uids(r))).toEqual(new Set(['0_0_0', `${app.id}_200_2000`, `${web.id}_100_1000`, `${db.id}_300_3000`]));
    expect(r.body.transactions).toHaveLength(2);
    // The statement 30 s later is outside the request's span.
    expect(r.body.transactions.some((t: { clientPort: number }) => t.clientPort === 41001)).toBe(false);
  });

  it('Process start: the same trace from the process uid during the request', async () => {
    const r = await trace(`time=${T + 0.1}&uid=${web.id}_100_1000`);
    expect(r.status).toBe(200);
    expect(uids(r)).toEqual(['0_0_0', `${web.id}_100_1000`, `${app.id}_200_2000`, `${db.id}_300_3000`]);
  });

  it('Process start outside any request: every call of the process in that minute', async () => {
    const r = await trace(`time=${T + 40}&uid=${web.id}_100_1000`);
    expect(r.status).toBe(200);
    expect(new Set(uids(r))).toEqual(new Set(['0_0_0', `${web.id}_100_1000`, `${app.id}_200_2000`, `${app2.id}_400_4000`, `${db.id}_300_3000`]));
  });

  it.each([
    ['sid=1&pid=1', 'time'],
    [`time=${T}`, 'uid'],
    [`time=${T}&sid=1`, 'pid'],
    [`time=${T}&pid=1`, 'sid'],
    [`time=${T}&ip=10.0.0.3`, 'port'],
    [`time=${T}&port=5432`, 'ip'],
    [`time=${T}&uid=abc`, 'uid'],
    [`time=abc&uid=1_2_3`, 'time'],
    [`time=${T}&ip=10.0.0.3&port=70000`, 'port'],
  ])('refuses %s with 400 on %s', async (qs, field) => {
    const r = await trace(qs);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('answers 404 for another account\'s server or a start with no transaction; 401 without credentials', async () => {
    const theirs = (await svc.sql.get<{ id: number }>("SELECT id FROM servers WHERE hostname = 'their-db'"))!.id;
    expect((await trace(`time=${T}&sid=${theirs}&pid=999`)).status).toBe(404);
    expect((await trace(`time=${T}&uid=${theirs}_999_9`)).status).toBe(404);
    expect((await trace(`time=${T}&sid=${web.id}&pid=4242`)).status).toBe(404);
    expect((await trace(`time=${T + 3600}&ip=10.0.0.3&port=5432`)).status).toBe(404);
    expect((await trace(`time=${T}&sid=${web.id}&pid=100`, null as unknown as TestAccount)).status).toBe(401);
  });

  it('never pairs across tenants', async () => {
    const theirs = (await svc.sql.get<{ id: number }>("SELECT id FROM servers WHERE hostname = 'their-db'"))!.id;
    const r = await trace(`time=${T}&sid=${theirs}&pid=999`, svc.other);
    expect(r.status).toBe(200);
    expect(uids(r)).toEqual(['0_0_0', `${theirs}_999_9`]);
    expect(r.body.transactions[0]).toMatchObject({ clientUid: '0_0_0', clientIp: '10.0.0.1', clientPort: 40000 });
  });
});

describe('GET /transactions/log/', () => {
  it('lists the messages of a log in [start, start + duration], for the process when uid is given', async () => {
    const lid = await logOf(app, 'AFSQL');
    const r = await svc.request('GET', `/api/transactions/log/?type=sql&lid=${lid}&uid=${app.id}_200_2000&start=${T}&duration=1`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ type: 'sql', time: T + 0.05, url: 'SELECT * FROM items', ip: '10.0.0.3', port: 5432, ppid: 1, pid: 200, id: expect.any(Number) }]);
    const all = await svc.request('GET', `/api/transactions/log/?type=sql&lid=${lid}&start=${T}&duration=60`);
    expect(all.body.map((m: { url: string }) => m.url)).toEqual(['SELECT * FROM items', 'SELECT later']);
    const otherProcess = await svc.request('GET', `/api/transactions/log/?type=sql&lid=${lid}&uid=${db.id}_300_3000&start=${T}&duration=60`);
    expect(otherProcess.body).toEqual([]);
  });

  it.each([
    ['type=sql&start=1', 'lid'],
    ['type=xml&lid=1&start=1', 'type'],
    ['type=sql&lid=1', 'start'],
    ['type=sql&lid=1&start=1&duration=-1', 'duration'],
    ['type=sql&lid=1&start=1&uid=1-2-3', 'uid'],
  ])('refuses %s with 400 on %s', async (qs, field) => {
    const r = await svc.request('GET', `/api/transactions/log/?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('refuses a type that is not the log\'s, and answers 404 for another account\'s log', async () => {
    const mismatch = await svc.request('GET', `/api/transactions/log/?type=url&lid=${await logOf(app, 'AFSQL')}&start=${T}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.field).toBe('type');
    const theirLog = (await svc.sql.get<{ id: number }>("SELECT l.id FROM logs l JOIN servers s ON s.id = l.server_id WHERE s.hostname = 'their-db' AND source_type = 'AFURL'"))!.id;
    expect((await svc.request('GET', `/api/transactions/log/?type=url&lid=${theirLog}&start=${T}`)).status).toBe(404);
  });
});

describe('GET /transactions/logs/{id}/detail/', () => {
  it('answers {time, data, severity, name, duration} with data the JSON list of the message', async () => {
    const lid = await logOf(app, 'AFSQL');
    const r = await svc.request('GET', `/api/transactions/logs/${lid}/detail/`);
    expect(r.status).toBe(200);
    expect(r.body.pagination.count).toBe(2);
    const name = (await svc.sql.get<{ source: string }>('SELECT source FROM logs WHERE id = ?', lid))!.source;
    expect(r.body.data[0]).toEqual({
      time: Math.floor(T + 30), severity: 'info', name, duration: 0.1,
      data: JSON.stringify(['request', 1, 'app', T + 30, 200, 1, 7, '10.0.0.2:41001', '10.0.0.3:5432', 'SELECT later']),
    });
  });

  it('filters on the data with a basic regular expression matching it whole', async () => {
    const lid = await logOf(app, 'AFSQL');
    const r = await svc.request('GET', `/api/transactions/logs/${lid}/detail/?filter=${encodeURIComponent('.*FROM items.*')}`);
    expect(r.body.data).toHaveLength(1);
    expect(JSON.parse(r.body.data[0].data)[9]).toBe('SELECT * FROM items');
    const info = await svc.request('GET', `/api/transactions/logs/${lid}/detail/?severity=INFO&num=2`);
    expect(info.body.pagination.count).toBe(2);
  });

  it('pages the slowest first with order=duration, over the whole range and after the filter', async () => {
    const lid = await logOf(app, 'AFURL');
    const sql = await logOf(app, 'AFSQL');
    const slow = await svc.request('GET', `/api/transactions/logs/${sql}/detail/?order=duration&limit=1`);
    expect(slow.body.pagination.count).toBe(2);
    expect(slow.body.data.map((m: { duration: number }) => m.duration)).toEqual([0.2]);
    expect(slow.body.pagination.next).toContain('order=duration');
    const second = await svc.request('GET', `/api/transactions/logs/${sql}/detail/?order=duration&limit=1&page=1`);
    expect(second.body.data.map((m: { duration: number }) => m.duration)).toEqual([0.1]);
    const filtered = await svc.request('GET', `/api/transactions/logs/${sql}/detail/?order=duration&filter=${encodeURIComponent('.*later.*')}`);
    expect(filtered.body.data.map((m: { duration: number }) => m.duration)).toEqual([0.1]);
    const byTime = await svc.request('GET', `/api/transactions/logs/${lid}/detail/?order=time`);
    expect(byTime.status).toBe(200);
  });

  it.each([['time_step=Hour', 'time_step'], ['num=0', 'num'], ['order=slowest', 'order'], ['filter=' + encodeURIComponent('\\('), 'filter']])('refuses %s', async (qs, field) => {
    const r = await svc.request('GET', `/api/transactions/logs/${await logOf(app, 'AFSQL')}/detail/?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('answers 404 for a plain log, another account\'s log and a missing one', async () => {
    const plain = (await svc.sql.get<{ id: number }>("INSERT INTO logs (account_id, server_id, source_type, source, updated) VALUES (?, ?, 'FILE', '/x', 0) RETURNING id", svc.account.id, app.id))!.id;
    const theirLog = (await svc.sql.get<{ id: number }>("SELECT l.id FROM logs l JOIN servers s ON s.id = l.server_id WHERE s.hostname = 'their-db' AND source_type = 'AFURL'"))!.id;
    for (const id of [plain, theirLog, 987654]) expect((await svc.request('GET', `/api/transactions/logs/${id}/detail/`)).status).toBe(404);
  });
});

describe('the transactions setting at ingest', () => {
  it('keeps no message while transactions are disabled, and loses the history when turned off', async () => {
    const lid = await logOf(app, 'AFSQL');
    const stored = async () => ({ n: Number((await svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM transaction_messages WHERE log_id = ?', lid))!.n) });
    const before = (await stored()).n;
    const later = tx('sql', T + 120, 200, ['10.0.0.2', 41002], ['10.0.0.3', 5432], 'SELECT disabled', 0.1);
    expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: false } })).status).toBe(200);
    await sendEvents(svc, app, E + 120, { transactions: [later] });
    expect((await stored()).n).toBe(before);
    expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true } })).status).toBe(200);
    await sendEvents(svc, app, E + 180, { transactions: [{ ...later, time: T + 180 }] });
    expect((await stored()).n).toBe(before + 1);
    expect((await svc.request('PUT', '/api/transactions/', { form: { transactions_on: false, transactions_enabled: false } })).status).toBe(200);
    expect((await stored()).n).toBe(0);
    expect((await svc.request('GET', `/api/transactions/logs/${lid}/detail/`)).status).toBe(404);
  });
});

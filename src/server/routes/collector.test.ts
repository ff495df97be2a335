import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchStoredEvent, ServerRegisteredEvent } from '../events';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { batchFor, postBatch, registerTestServer, registrationFor } from '../testing/ingest';

const E = 1_700_000_040; // a minute
let svc: TestService;
let sid: number;
const batches: BatchStoredEvent[] = [];
const registered: ServerRegisteredEvent[] = [];

beforeAll(async () => {
  svc = await startTestService({}, () => E + 30);
  svc.deps.events.on('batch-stored', (e: BatchStoredEvent) => batches.push(e));
  svc.deps.events.on('server-registered', (e: ServerRegisteredEvent) => registered.push(e));
  sid = await registerTestServer(svc, 'g-main');
});
afterAll(() => svc.close());

const count = async (table: string) => Number((await svc.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
const dataCount = async (id = sid) => (await svc.request('GET', `/api/servers/${id}/data?start=0&end=${E + 600}`)).body.pagination.count as number;

describe('collector registration', () => {
  it('creates once (201), then refreshes the same server (200) with the upload address', async () => {
    const first = await svc.request('POST', '/api/v5/collector/register', { json: registrationFor('g-reg') });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ server_id: expect.any(Number), config: { server_id: first.body.server_id, collect_period: 60, logs: [], polled_data: null, transactions: { on: false, enabled: false } } });
    const again = await svc.request('POST', '/api/v5/collector/register', { json: registrationFor('g-reg', { hostname: 'renamed' }) });
    expect(again.status).toBe(200);
    expect(again.body.server_id).toBe(first.body.server_id);
    const s = await svc.request('GET', `/api/servers/${first.body.server_id}/`);
    expect(s.body).toMatchObject({ hostname: 'renamed', location_ip: '127.0.0.1', guid: 'g-reg', capacity_disks: { '/': 100000 }, running: false });
    expect(registered.filter((r) => r.serverId === first.body.server_id)).toEqual([{ accountId: svc.account.id, serverId: first.body.server_id }]);
  });

  it.each([
    [{ ...registrationFor('x'), guid: '' }, 'guid'],
    [{ ...registrationFor('x'), os: 'BeOS' }, 'os'],
    [{ ...registrationFor('x'), capacity_mem: -1 }, 'capacity_mem'],
    [{ hostname: 'h', os: 'Linux' }, 'guid'],
  ])('refuses %j with 400 on %s', async (json, field) => {
    const before = await count('servers');
    const r = await svc.request('POST', '/api/v5/collector/register', { json });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
    expect(await count('servers')).toBe(before);
  });

  it('needs credentials', async () => {
    expect((await svc.request('POST', '/api/v5/collector/register', { json: registrationFor('anon'), as: null })).status).toBe(401);
    expect((await svc.request('GET', '/api/v5/collector/config?guid=g-main', { as: null })).status).toBe(401);
    expect((await postBatch(svc, batchFor('g-main', E), { as: null })).status).toBe(401);
    expect((await postBatch(svc, batchFor('g-main', E), { as: null, gzip: true })).status).toBe(401);
  });
});

describe('collector config', () => {
  it("carries the server's logs, polled-data config and transaction flags", async () => {
    await svc.sql.run(`INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES (?, ?, 'FILE', '/var/log/syslog', 500, 0)`, svc.account.id, sid);
    await svc.sql.run(`INSERT INTO polled_data_configs (account_id, server_id, file_path, file_contents, frequency, updated) VALUES (?, ?, '/etc/checks.cfg', 'x', 600, 0)`, svc.account.id, sid);
    await svc.sql.run('UPDATE accounts SET transactions_on = true WHERE id = ?', svc.account.id);
    const r = await svc.request('GET', '/api/v5/collector/config?guid=g-main');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      server_id: sid,
      collect_period: 60,
      logs: [{ id: expect.any(Number), source_type: 'FILE', source: '/var/log/syslog', limit: 500 }],
      polled_data: { file_path: '/etc/checks.cfg', file_type: 'nagios', file_contents: 'x', frequency: 600 },
      transactions: { on: true, enabled: false },
    });
  });

  it('answers 400 without guid and 404 for a guid unknown to the account', async () => {
    expect((await svc.request('GET', '/api/v5/collector/config')).body.error).toMatchObject({ status: 400, field: 'guid' });
    expect((await svc.request('GET', '/api/v5/collector/config?guid=nope')).status).toBe(404);
    expect((await svc.request('GET', '/api/v5/collector/config?guid=g-main', { as: svc.other })).status).toBe(404);
  });
});

describe('batches', () => {
  it('stores a batch once: a replayed batch id stores nothing twice', async () => {
    const b = batchFor('g-main', E - 120, { server: { cpu: 40, memory: 7 } });
    const r = await postBatch(svc, b);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ stored: true, server_id: sid });
    expect(batches.at(-1)).toEqual({ accountId: svc.account.id, serverId: sid, minute: E - 120 });
    const n = batches.length;
    const replay = await postBatch(svc, { ...b, server: { cpu: 99, memory: 1 } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ stored: false, server_id: sid });
    expect(batches.length).toBe(n);
    const hour = await svc.request('GET', `/api/servers/${sid}/data?time_step=Hour&end=${E - 120}`);
    expect(hour.body.data[0]).toMatchObject({ cpu: 40, memory: 7 });
    const s = await svc.request('GET', `/api/servers/${sid}/`);
    expect(s.body.running).toBe(true);
  });

  it('accepts gzip bodies and refuses damaged ones', async () => {
    const r = await postBatch(svc, batchFor('g-main', E - 60), { gzip: true });
    expect(r.status).toBe(201);
    const bad = await fetch(`${svc.baseUrl}/api/v5/collector/batches`, {
      method: 'POST',
      headers: { authorization: basicHeader(svc.account), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: 'not gzip at all',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/gzip/);
  });

  it('refuses a body that inflates past the limit with 413', async () => {
    const huge = gzipSync(Buffer.alloc(65 * 1024 * 1024, 32));
    const r = await fetch(`${svc.baseUrl}/api/v5/collector/batches`, {
      method: 'POST',
      headers: { authorization: basicHeader(svc.account), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: huge,
    });
    expect(r.status).toBe(413);
  });

  const good = () => batchFor('g-main', E - 300, { batch_id: 'malformed-then-fixed', processes: [{ pid: 1, create_time: 5, name: 'init' }] });
  it.each([
    ['no server sample', { ...good(), server: undefined }, 'server', /server is required/],
    ['a process cpu as text', { ...good(), processes: [{ pid: 1, create_time: 5, name: 'init', cpu: 'high' }] }, 'processes', /processes\.0\.cpu/],
    ['a minute not on a minute', { ...good(), minute: E - 299 }, 'minute', /multiple of 60/],
    ['a minute in the future', { ...good(), minute: E + 3600 }, 'minute', /future/],
    ['a log of bad severity', { ...good(), logs: [{ log_id: 1, messages: [{ time: E, severity: 'loud', data: 'x' }] }] }, 'logs', /logs\.0\.messages\.0\.severity/],
  ])('refuses a batch with %s (400) and stores nothing of it', async (_name, json, field, message) => {
    const before = await dataCount();
    const r = await postBatch(svc, json);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, field, message: expect.stringMatching(message) });
    expect(await dataCount()).toBe(before);
  });

  it.each([
    ['a log message', (b: ReturnType<typeof good>) => b.logs![0]!.messages.push({ time: E + 86_400, severity: 'info', data: 'late' }), 'logs', /logs\.0\.messages\.1\.time: .*outside the batch's minute/],
    ['a polled result', (b: ReturnType<typeof good>) => (b.polled![0]!.time = E - 500), 'polled', /polled\.0\.time: .*outside/],
    ['a transaction', (b: ReturnType<typeof good>) => (b.transactions![0]!.time = E - 179.5), 'transactions', /transactions\.0\.time: .*outside/],
  ])('refuses a batch whose %s time lies outside its minute (400) and stores nothing of it', async (_name, spoil, field, message) => {
    const logId = (await svc.sql.get<{ id: number }>(`INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES (?, ?, 'FILE', ?, 100, 0) RETURNING id`, svc.account.id, sid, `/var/log/t-${field}`))!.id;
    const m = E - 300;
    const json = {
      ...good(),
      logs: [{ log_id: logId, messages: [{ time: m + 5, severity: 'info' as const, data: 'ok' }] }],
      polled: [{ name: 'check', command_name: 'check', command_line: '/bin/true', time: m + 2, status: 'OK' as const, text: 'fine' }],
      transactions: [{ log_type: 'url' as const, time: m + 1.25, pid: 1, own_ip: '10.0.0.1', own_port: 80, peer_ip: '10.0.0.2', peer_port: 5000, statement: 'GET /' }],
    };
    spoil(json);
    const tables = ['log_messages', 'log_counts', 'polled_values', 'transaction_messages'];
    const before = [await dataCount(), ...tables.map(count)];
    const r = await postBatch(svc, json);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, field, message: expect.stringMatching(message) });
    expect([await dataCount(), ...tables.map(count)]).toEqual(before);
  });

  it('stores the corrected batch under the id a malformed one used', async () => {
    expect((await postBatch(svc, good())).body.stored).toBe(true);
  });

  it('asks an unknown guid to register (409), also for a guid of another account', async () => {
    const r = await postBatch(svc, batchFor('never-registered', E));
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ field: 'guid', message: expect.stringMatching(/register/) });
    expect((await postBatch(svc, batchFor('g-main', E), { as: svc.other })).status).toBe(409);
  });

  it('stops the collector of a server deleted through the API with 410', async () => {
    const id = await registerTestServer(svc, 'g-doomed');
    expect((await svc.request('DELETE', `/api/servers/${id}/`)).status).toBe(200);
    expect((await postBatch(svc, batchFor('g-doomed', E))).status).toBe(410);
    expect((await svc.request('POST', '/api/v5/collector/register', { json: registrationFor('g-doomed') })).status).toBe(410);
    expect((await svc.request('GET', '/api/v5/collector/config?guid=g-doomed')).status).toBe(410);
  });
});

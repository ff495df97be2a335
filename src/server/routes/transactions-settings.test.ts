import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTransactionLogs } from '../services/transactions';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';
import { registerTestServer } from '../testing/ingest';

let svc: TestService;
let s1: number;
let s2: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'db-1' });
  await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

const put = (form: Record<string, unknown>, as = svc.account) => svc.request('PUT', '/api/transactions/', { form, as });
const txLogs = async (as = svc.account) => (await svc.request('GET', '/api/transactions/logs/', { as })).body;
const historyRows = async (logIds: number[]) =>
  Number((await svc.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM log_counts WHERE log_id IN (${logIds.map(() => '?').join(', ')})`, ...logIds))!.n);

describe('transactions setting', () => {
  it('starts off', async () => {
    const g = await svc.request('GET', '/api/transactions');
    expect(g).toMatchObject({ status: 200, body: { transactions_enabled: false, transactions_on: false } });
    expect((await txLogs()).data).toEqual([]);
  });

  it('on creates AFURL and AFSQL logs on every server; disabled keeps them; off deletes them and their history', async () => {
    const on = await put({ transactions_on: 'true' });
    expect(on).toMatchObject({ status: 200, body: { transactions_enabled: true, transactions_on: true } });
    const list = await txLogs();
    expect(list.pagination.count).toBe(4);
    expect(list.data.map((l: { server_id: number; source_type: string; source: string }) => [l.server_id, l.source_type, l.source]).sort()).toEqual(
      [
        [s1, 'AFSQL', '/var/log/transactions/sql.log'],
        [s1, 'AFURL', '/var/log/transactions/url.log'],
        [s2, 'AFSQL', '/var/log/transactions/sql.log'],
        [s2, 'AFURL', '/var/log/transactions/url.log'],
      ].sort(),
    );
    expect(list.data[0]).toEqual({ ...list.data[0], limit: 2000, url: `/api/v5/logs/${list.data[0].id}/` });
    // Transaction logs are logs too, but only the setting may change or delete them.
    expect((await svc.request('GET', `/api/logs/${list.data[0].id}/`)).status).toBe(200);
    expect((await svc.request('DELETE', `/api/logs/${list.data[0].id}/`)).status).toBe(403);
    const putLog = await svc.request('PUT', `/api/logs/${list.data[0].id}/`, { form: { server: s1, type: 'FILE', source: '/x' } });
    expect(putLog.status).toBe(403);
    // Turning on again changes nothing.
    expect((await put({ transactions_on: true })).status).toBe(200);
    expect((await txLogs()).pagination.count).toBe(4);

    const ids: number[] = list.data.map((l: { id: number }) => l.id);
    for (const id of ids) await svc.sql.run('INSERT INTO log_counts (log_id, minute, account_id, info) VALUES (?, 60, ?, 1)', id, svc.account.id);

    const disabled = await put({ transactions_enabled: false });
    expect(disabled.body).toEqual({ transactions_enabled: false, transactions_on: true });
    expect((await txLogs()).pagination.count).toBe(4);
    expect(await historyRows(ids)).toBe(4);
    expect((await svc.request('GET', '/api/transactions/')).body).toEqual(disabled.body);

    const reenabled = await put({ transactions_enabled: 'yes' });
    expect(reenabled.body).toEqual({ transactions_enabled: true, transactions_on: true });

    const off = await put({ transactions_on: false });
    expect(off.body).toEqual({ transactions_enabled: false, transactions_on: false });
    expect((await txLogs()).pagination.count).toBe(0);
    expect(await historyRows(ids)).toBe(0);
    expect((await svc.request('GET', `/api/logs/${ids[0]}/`)).status).toBe(404);
  });

  it('turning on with enabled=false starts disabled', async () => {
    const r = await put({ transactions_on: true, transactions_enabled: false });
    expect(r.body).toEqual({ transactions_enabled: false, transactions_on: true });
    expect((await txLogs()).pagination.count).toBe(4);
    await put({ transactions_on: false });
  });

  it('gives a new server its logs while on, and nothing while off', async () => {
    const s3 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'new' });
    await ensureTransactionLogs(svc.deps.store, svc.account.id, s3);
    expect((await txLogs()).pagination.count).toBe(0);
    await put({ transactions_on: true });
    const s4 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'newer' });
    await ensureTransactionLogs(svc.deps.store, svc.account.id, s4);
    await ensureTransactionLogs(svc.deps.store, svc.account.id, s4);
    const servers = (await txLogs()).data.map((l: { server_id: number }) => l.server_id);
    expect(servers.filter((s: number) => s === s4)).toHaveLength(2);
    await put({ transactions_on: false });
  });

  it('a server registering through the collector API while on gets its logs in its configuration', async () => {
    await put({ transactions_on: true });
    const reg = await svc.request('POST', '/api/v5/collector/register', {
      json: { guid: 'tx-new', hostname: 'tx-new', os: 'Linux' },
    });
    expect(reg.status).toBe(201);
    const types = reg.body.config.logs.map((l: { source_type: string }) => l.source_type).sort();
    expect(types).toEqual(['AFSQL', 'AFURL']);
    expect(reg.body.config.transactions).toEqual({ on: true, enabled: true });
    await put({ transactions_on: false });
    const again = await registerTestServer(svc, 'tx-new');
    const cfg = await svc.request('GET', '/api/v5/collector/config?guid=tx-new');
    expect(again).toBe(reg.body.server_id);
    expect(cfg.body.logs).toEqual([]);
  });

  it('refuses a PUT without either flag', async () => {
    const r = await put({});
    expect(r.body).toEqual({ error: { status: 400, message: 'transactions_on or transactions_enabled must be given' } });
  });

  it.each([
    [{ transactions_on: 'maybe' }, 'transactions_on', 'transactions_on must be true or false'],
    [{ transactions_enabled: '2' }, 'transactions_enabled', 'transactions_enabled must be true or false'],
    [{ transactions_enabled: true }, 'transactions_enabled', 'transactions_enabled can be true only while transactions_on is true'],
    [{ transactions_enabled: true, transactions_on: false }, 'transactions_enabled', 'transactions_enabled can be true only while transactions_on is true'],
  ])('refuses %j with 400 and changes nothing', async (form, field, message) => {
    const r = await put(form);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', '/api/transactions/')).body).toEqual({ transactions_enabled: false, transactions_on: false });
  });

  it('keeps accounts apart', async () => {
    await put({ transactions_on: true }, svc.other);
    expect((await svc.request('GET', '/api/transactions/')).body.transactions_on).toBe(false);
    expect((await txLogs()).pagination.count).toBe(0);
    const theirs = await txLogs(svc.other);
    expect(theirs.pagination.count).toBe(2);
    expect((await svc.request('GET', `/api/logs/${theirs.data[0].id}/`)).status).toBe(404);
    await put({ transactions_on: false }, svc.other);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/transactions/', { as: null })).status).toBe(401);
    expect((await svc.request('PUT', '/api/transactions/', { as: null, form: { transactions_on: true } })).status).toBe(401);
    expect((await svc.request('GET', '/api/transactions/logs/', { as: null })).status).toBe(401);
  });
});

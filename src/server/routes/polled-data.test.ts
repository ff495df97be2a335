import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatePolled } from '../services/polled-values';
import { eventServer, seedLog, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let server: EventServer;
const E = 1_700_000_040;
const check = (time: number, status: 'OK' | 'WARNING' | 'CRITICAL', load: number) => ({
  name: 'load',
  command_name: 'check_load',
  command_line: '/usr/lib/nagios/plugins/check_load -w 5 -c 10',
  time,
  status,
  text: `LOAD ${status} - load average: ${load}`,
  values: [{ name: 'load1', value: load, warn: 5, crit: 10, min: 0 }, { name: 'procs', value: 7, unit: '' }],
});
const itemId = async () => (await svc.sql.get<{ id: number }>('SELECT id FROM polled_data WHERE account_id = ? AND name = ?', svc.account.id, 'load'))!.id;
let alertId: number;

beforeAll(async () => {
  svc = await startTestService();
  server = await eventServer(svc, svc.account, 'db-1');
  await sendEvents(svc, server, E - 600, { polled: [check(E - 590, 'OK', 1.5)] });
  await sendEvents(svc, server, E - 300, { polled: [check(E - 290, 'WARNING', 6)] });
  await sendEvents(svc, server, E, { polled: [{ ...check(E + 5, 'CRITICAL', 12), command_line: 'check_load -w 5 -c 10' }] });
  const theirs = await eventServer(svc, svc.other, 'their-db');
  await sendEvents(svc, theirs, E, { polled: [{ ...check(E, 'OK', 1), name: 'theirs' }] });
  alertId = (await svc.sql.get<{ id: number }>(
    `INSERT INTO alerts (account_id, name, type, target_id, target, trigger_type, trigger, created) VALUES (?, 'a', 'Polled Data', ?, 't', 'Status', 'x', 0) RETURNING id`,
    svc.account.id, String(await itemId()),
  ))!.id;
});
afterAll(() => svc.close());

describe('polled data items', () => {
  it('creates one item per (server, name) from results and keeps the latest command', async () => {
    const r = await svc.request('GET', '/api/polled-data/');
    expect(r.status).toBe(200);
    expect(r.body.pagination.count).toBe(1);
    const id = await itemId();
    expect(r.body.data[0]).toEqual({
      id, name: 'load', server_id: server.id, server_hostname: 'db-1', command_name: 'check_load',
      command_line: 'check_load -w 5 -c 10', alert_id: [alertId], url: `/api/v5/polled_data/${id}/`,
    });
    const one = await svc.request('GET', `/api/v5/polled_data/${id}/`);
    expect(one.body).toEqual(r.body.data[0]);
  });

  it('answers 404 alike for another account\'s item and a missing one; 401 without credentials', async () => {
    const theirs = (await svc.sql.get<{ id: number }>('SELECT id FROM polled_data WHERE name = ?', 'theirs'))!.id;
    for (const p of [`/api/polled-data/${theirs}/`, `/api/polled-data/${theirs}/data/`, '/api/polled-data/424242/', '/api/polled-data/x/']) {
      expect((await svc.request('GET', p)).status).toBe(404);
    }
    expect((await svc.request('GET', '/api/polled-data/', { as: null })).status).toBe(401);
    const list = await svc.request('GET', '/api/polled-data/', { as: svc.other });
    expect(list.body.data.map((i: { name: string }) => i.name)).toEqual(['theirs']);
  });
});

describe('GET /polled-data/{id}/data/', () => {
  it('answers the latest minute with values as [name, {val}, unit, thresholds]', async () => {
    const r = await svc.request('GET', `/api/polled-data/${await itemId()}/data/`);
    expect(r.body.data).toEqual([{
      time: E, status: 'CRITICAL', text: 'LOAD CRITICAL - load average: 12',
      values: { load1: ['load1', { val: 12 }, 'd', { warn: 5, crit: 10, min: 0 }], procs: ['procs', { val: 7 }, 'd'] },
    }]);
  });

  it('needs num=6 to reach the 5-minute-old point (gaps are skipped)', async () => {
    const five = await svc.request('GET', `/api/polled-data/${await itemId()}/data/?num=5`);
    expect(five.body.data.map((d: { time: number }) => d.time)).toEqual([E]);
    const six = await svc.request('GET', `/api/polled-data/${await itemId()}/data/?num=6`);
    expect(six.body.data.map((d: { time: number }) => d.time)).toEqual([E, E - 300]);
    const range = await svc.request('GET', `/api/polled-data/${await itemId()}/data/?start=${E - 600}&end=${E}&limit=2&page=1`);
    expect(range.body.pagination.count).toBe(3);
    expect(range.body.data.map((d: { status: string }) => d.status)).toEqual(['OK']);
  });

  it.each([['time_step=Hour', 'time_step'], ['time_step=Day', 'time_step'], ['num=-1', 'num'], ['page=-1', 'page']])(
    'refuses %s with 400',
    async (qs, field) => {
      const r = await svc.request('GET', `/api/polled-data/${await itemId()}/data/?${qs}`);
      expect(r.status).toBe(400);
      expect(r.body.error.field).toBe(field);
    },
  );

  it('names the one step allowed here', async () => {
    const r = await svc.request('GET', `/api/polled-data/${await itemId()}/data/?time_step=Hour`);
    expect(r.body.error.message).toBe('time_step must be Minute');
  });
});

describe('ingest of awkward text', () => {
  it('stores a result and a log message holding NUL rather than refusing the batch', async () => {
    const srv = await eventServer(svc, svc.account, 'nul-1');
    const lid = await seedLog(svc, srv, 'FILE', '/var/log/nul.log');
    await sendEvents(svc, srv, E, {
      polled: [{ ...check(E, 'OK', 1), name: 'nul\0name', text: 'binary \0 output' }],
      logs: [{ log_id: lid, messages: [{ time: E, severity: 'info', data: 'a\0b' }] }],
    });
    const items = (await svc.request('GET', '/api/polled-data/')).body.data.filter((i: { server_id: number }) => i.server_id === srv.id);
    expect(items).toHaveLength(1);
    expect((await svc.request('GET', `/api/polled-data/${items[0].id}/data/`)).body.data).toHaveLength(1);
    expect((await svc.request('GET', `/api/logs/${lid}/detail/`)).body.pagination.count).toBe(1);
  });
});

describe('aggregatePolled (Hour and Day values)', () => {
  it('gives avg, sum, max and min per value and the latest status of each step, newest first', () => {
    const rows = [
      { time: 7200 + 60, status: 'OK' as const, text: 'a', values: [['x', 4, 'ms', null] as [string, number, string, null]] },
      { time: 3600 + 120, status: 'CRITICAL' as const, text: 'late', values: [['x', 10, 'ms', { crit: 9 }] as [string, number, string, { crit: number }]] },
      { time: 3600, status: 'OK' as const, text: 'early', values: [['x', 2, 'ms', { crit: 9 }] as [string, number, string, { crit: number }]] },
    ];
    expect(aggregatePolled(rows, 3600)).toEqual([
      { time: 7200, status: 'OK', text: 'a', values: { x: ['x', { avg: 4, sum: 4, max: 4, min: 4 }, 'ms'] } },
      { time: 3600, status: 'CRITICAL', text: 'late', values: { x: ['x', { avg: 6, sum: 12, max: 10, min: 2 }, 'ms', { crit: 9 }] } },
    ]);
    expect(aggregatePolled(rows, 86400)[0]!.values.x![1]).toEqual({ avg: 16 / 3, sum: 16, max: 10, min: 2 });
  });
});

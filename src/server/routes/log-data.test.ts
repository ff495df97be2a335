import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, seedLog, sendEvents } from '../testing/event-batches';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let logId: number;
let otherLogId: number;
const E = 1_700_000_040; // a minute
const msg = (time: number, severity: 'info' | 'warning' | 'critical', data: string) => ({ time, severity, data });

beforeAll(async () => {
  svc = await startTestService();
  const srv = await eventServer(svc, svc.account, 'web-1');
  logId = await seedLog(svc, srv, 'FILE', '/var/log/app.log', 3);
  // E-60 is missing on purpose.
  await sendEvents(svc, srv, E - 120, { logs: [{ log_id: logId, messages: [msg(E - 119, 'info', 'boot ok')] }] });
  await sendEvents(svc, srv, E, {
    logs: [{
      log_id: logId,
      messages: [
        msg(E + 1, 'info', 'GET /index 200'),
        msg(E + 2, 'warning', 'disk at 91%'),
        msg(E + 3, 'critical', 'GET /api 500'),
        msg(E + 4, 'critical', 'over the limit of 3, dropped'),
      ],
    }],
  });
  const otherSrv = await eventServer(svc, svc.other, 'theirs');
  otherLogId = await seedLog(svc, otherSrv, 'FILE', '/var/log/x.log');
  await sendEvents(svc, otherSrv, E, { logs: [{ log_id: otherLogId, messages: [msg(E, 'info', 'secret')] }] });
  // A batch naming another server's log stores nothing.
  await sendEvents(svc, srv, E, { logs: [{ log_id: otherLogId, messages: [msg(E, 'info', 'intruder')] }] });
});
afterAll(() => svc.close());

describe('GET /logs/{id}/data/', () => {
  it('answers the latest minute by default, counting the messages kept under the limit', async () => {
    const r = await svc.request('GET', `/api/logs/${logId}/data/`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([{ time: E, info: 1, warning: 1, critical: 1 }]);
  });

  it('skips a missing minute (num=3 gives E and E-120)', async () => {
    const r = await svc.request('GET', `/api/v5/logs/${logId}/data/?num=3&end=${E}`);
    expect(r.body.data.map((d: { time: number }) => d.time)).toEqual([E, E - 120]);
    expect(r.body.pagination.count).toBe(2);
  });

  it('applies end = start + 60 x num when start and num are both given', async () => {
    const r = await svc.request('GET', `/api/logs/${logId}/data/?start=${E - 180}&num=2`);
    expect(r.body.data.map((d: { time: number }) => d.time)).toEqual([E - 120]);
    const both = await svc.request('GET', `/api/logs/${logId}/data/?start=${E - 120}&end=${E}`);
    expect(both.body.data).toHaveLength(2);
  });

  it.each([
    ['time_step=Hour', 'time_step'],
    ['time_step=Day', 'time_step'],
    ['num=0', 'num'],
    ['num=x', 'num'],
    ['end=-5', 'end'],
    ['start=abc', 'start'],
    ['limit=2501', 'limit'],
  ])('refuses %s with 400 on the field', async (qs, field) => {
    const r = await svc.request('GET', `/api/logs/${logId}/data/?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('answers 404 alike for a missing log and another account\'s log, and 401 without credentials', async () => {
    for (const id of [otherLogId, 999_999, 'abc']) {
      const r = await svc.request('GET', `/api/logs/${id}/data/`);
      expect(r.status).toBe(404);
      expect(r.body.error.status).toBe(404);
    }
    expect((await svc.request('GET', `/api/logs/${logId}/data/`, { as: null })).status).toBe(401);
  });
});

describe('GET /logs/{id}/detail/', () => {
  const detail = async (qs: string) => svc.request('GET', `/api/logs/${logId}/detail/?${qs}`);
  const texts = (r: { body: { data: { data: string }[] } }) => r.body.data.map((m) => m.data);

  it('lists the latest minute\'s messages newest first, without the ones over the limit', async () => {
    const r = await detail('');
    expect(r.status).toBe(200);
    expect(texts(r)).toEqual(['GET /api 500', 'disk at 91%', 'GET /index 200']);
    expect(r.body.data[0]).toEqual({ data: 'GET /api 500', time: E + 3, severity: 'critical' });
  });

  it.each([
    ['filter=GET.*', ['GET /api 500', 'GET /index 200']],
    ['filter=GET', []],
    ['filter=' + encodeURIComponent('GET /[a-z]* \\(2\\|5\\)00'), ['GET /api 500', 'GET /index 200']],
    ['filter=' + encodeURIComponent('disk at 9[0-9]%'), ['disk at 91%']],
    ['severity=critical', ['GET /api 500']],
    ['severity=info&filter=GET.*', ['GET /index 200']],
    ['severity=CRITICAL', ['GET /api 500']],
    ['severity=Warning', ['disk at 91%']],
    ['filter=', ['GET /api 500', 'disk at 91%', 'GET /index 200']],
    ['num=3&end=' + E, ['GET /api 500', 'disk at 91%', 'GET /index 200', 'boot ok']],
  ])('%s', async (qs, expected) => {
    const r = await detail(qs);
    expect(r.status).toBe(200);
    expect(texts(r)).toEqual(expected);
    expect(r.body.pagination.count).toBe(expected.length);
  });

  it('pages filtered results', async () => {
    const r = await detail('filter=.*&limit=2&page=1');
    expect(texts(r)).toEqual(['GET /index 200']);
    expect(r.body.pagination.previous).toContain('page=0');
  });

  it.each([
    ['filter=' + encodeURIComponent('\\(unclosed'), 'filter'],
    ['severity=debug', 'severity'],
    ['time_step=Hour', 'time_step'],
    ['filter=' + 'a'.repeat(1025), 'filter'],
  ])('refuses %s with 400', async (qs, field) => {
    const r = await detail(qs);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('bounds a catastrophic filter with a back-reference (no RE2 for those) with 400 "filter took too long"', async () => {
    const srv = await eventServer(svc, svc.account, 'slow');
    const slowLog = await seedLog(svc, srv, 'FILE', '/var/log/slow.log');
    await sendEvents(svc, srv, E, { logs: [{ log_id: slowLog, messages: [msg(E, 'info', `${'a'.repeat(3000)}!`)] }] });
    const r = await svc.request('GET', `/api/logs/${slowLog}/detail/?filter=${encodeURIComponent('\\(a*\\)*\\1b')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('filter took too long');
    expect((await svc.request('GET', '/api/servers/')).status).toBe(200);
  });

  it('answers 404 for another account\'s log; its messages never leak', async () => {
    const r = await svc.request('GET', `/api/logs/${otherLogId}/detail/`);
    expect(r.status).toBe(404);
    const theirs = await svc.request('GET', `/api/logs/${otherLogId}/detail/`, { as: svc.other });
    expect(texts(theirs)).toEqual(['secret']);
  });

  it('deletes a log\'s messages and counts with the log', async () => {
    const srv = await eventServer(svc, svc.account, 'gone');
    const id = await seedLog(svc, srv, 'FILE', '/var/log/gone.log');
    await sendEvents(svc, srv, E, { logs: [{ log_id: id, messages: [msg(E, 'info', 'bye')] }] });
    const count = async () =>
      Number((await svc.sql.get<{ n: number }>('SELECT (SELECT COUNT(*) FROM log_messages WHERE log_id = ?) + (SELECT COUNT(*) FROM log_counts WHERE log_id = ?) AS n', id, id))!.n);
    expect(await count()).toBe(2);
    expect((await svc.request('DELETE', `/api/logs/${id}`)).status).toBe(200);
    expect(await count()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00Z`) / 1000;

let clock = at('2026-03-10 12:00');
let svc: TestService;
let s1: number;
let s2: number;
let foreign: number;
beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-2' });
  foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

const count = async () => (await svc.request('GET', '/api/maintenance_windows/')).body.pagination.count as number;
const valid = () => ({ start: '2026-03-11 02:00', end: '2026-03-11 04:30', servers: [s1], reason: 'kernel update' });

describe('maintenance windows', () => {
  it('creates with text times, lists and reads with epoch times, updates and deletes', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: { ...valid(), servers: [s2, s1] } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id: expect.any(Number),
      start: '2026-03-11 02:00:00',
      end: '2026-03-11 04:30:00',
      started: false,
      ended: false,
      reason: 'kernel update',
      servers: [s1, s2],
      url: `/api/v5/maintenance_windows/${id}/`,
      // Extensions (issue 12), at their plain-window values.
      rrule: null,
      duration: null,
      time_zone: 'UTC',
      server_tags: [],
      server_sets: [],
    });
    const expected = { ...c.body, start: at('2026-03-11 02:00'), end: at('2026-03-11 04:30') };
    expect((await svc.request('GET', `/api/v5/maintenance_windows/${id}`)).body).toEqual(expected);
    expect((await svc.request('GET', '/api/maintenance_windows/')).body.data).toContainEqual(expected);

    const u = await svc.request('PUT', `/api/maintenance_windows/${id}/`, {
      form: { start: '2026-03-10 11:00', end: '2026-03-10 13:00', servers: [s2] },
    });
    expect(u.status).toBe(200);
    // PUT takes the same as POST: an omitted reason is reset to empty, as an omitted log limit is.
    expect(u.body).toMatchObject({ start: '2026-03-10 11:00:00', end: '2026-03-10 13:00:00', started: true, ended: false, servers: [s2], reason: '' });
    expect((await svc.request('GET', `/api/maintenance_windows/${id}/`)).body.reason).toBe('');
    const again = await svc.request('PUT', `/api/maintenance_windows/${id}/`, { form: { ...valid(), reason: 'back' } });
    expect(again.body.reason).toBe('back');

    expect((await svc.request('DELETE', `/api/maintenance_windows/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/maintenance_windows/${id}/`)).status).toBe(404);
  });

  it('derives started and ended from the service clock', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { json: { start: '2026-03-10 12:00', end: '2026-03-10 12:05', servers: [s1] } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ started: true, ended: false, reason: '' });
    const get = () => svc.request('GET', `/api/maintenance_windows/${c.body.id}/`);
    clock = at('2026-03-10 11:59');
    expect((await get()).body).toMatchObject({ started: false, ended: false });
    clock = at('2026-03-10 12:05');
    expect((await get()).body).toMatchObject({ started: true, ended: true });
    clock = at('2026-03-10 12:00');
  });

  it('tells the alert engine which servers are in maintenance', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: { start: '2030-01-01 00:00', end: '2030-01-01 01:00', servers: [s2] } });
    const repo = svc.deps.store.maintenanceWindows;
    expect(await repo.serversInMaintenance(svc.account.id, at('2030-01-01 00:30'))).toEqual([s2]);
    expect(await repo.serversInMaintenance(svc.account.id, at('2030-01-01 01:00'))).toEqual([]);
    expect(await repo.serversInMaintenance(svc.other.id, at('2030-01-01 00:30'))).toEqual([]);
    await svc.request('DELETE', `/api/maintenance_windows/${c.body.id}/`);
  });

  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['missing start', () => ({ ...valid(), start: undefined }), 'start', 'start is required'],
    ['start with seconds', () => ({ ...valid(), start: '2026-03-11 02:00:00' }), 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    ['start as fractional epoch seconds', () => ({ ...valid(), start: `${at('2026-03-11 02:00')}.5` }), 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    ['start as negative epoch seconds', () => ({ ...valid(), start: '-60' }), 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    ['start on 30 February', () => ({ ...valid(), start: '2026-02-30 02:00' }), 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    ['start at 24:00', () => ({ ...valid(), start: '2026-03-11 24:00' }), 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    ['missing end', () => ({ ...valid(), end: undefined }), 'end', 'end is required'],
    ['malformed end', () => ({ ...valid(), end: '11/03/2026 04:30' }), 'end', 'end must be a UTC time written yyyy-mm-dd hh:mm'],
    ['end equal to start', () => ({ ...valid(), end: '2026-03-11 02:00' }), 'end', 'end must be after start'],
    ['end before start', () => ({ ...valid(), end: '2026-03-10 02:00' }), 'end', 'end must be after start'],
    ['missing servers', () => ({ ...valid(), servers: undefined }), 'servers', 'servers is required'],
    ['servers not JSON', () => ({ ...valid(), servers: 'web-1' }), 'servers', 'servers must be a JSON list'],
    ['empty servers', () => ({ ...valid(), servers: '[]' }), 'servers', 'servers must list at least one server'],
    ['unknown server', () => ({ ...valid(), servers: '[99999999]' }), 'servers', 'servers: no server with id 99999999'],
    ['long reason', () => ({ ...valid(), reason: 'r'.repeat(1025) }), 'reason', 'reason must be at most 1024 characters'],
  ];
  it.each(cases)('POST refuses %s with 400', async (_c, make, field, message) => {
    const before = await count();
    const r = await svc.request('POST', '/api/maintenance_windows/', { form: make() });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect(await count()).toBe(before);
  });

  it.each(cases)('PUT refuses %s with 400 and changes nothing', async (_c, make, field, message) => {
    const form = make();
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: valid() });
    const before = (await svc.request('GET', `/api/maintenance_windows/${c.body.id}/`)).body;
    const r = await svc.request('PUT', `/api/maintenance_windows/${c.body.id}/`, { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', `/api/maintenance_windows/${c.body.id}/`)).body).toEqual(before);
  });

  it("refuses another account's server and hides another account's window", async () => {
    const r = await svc.request('POST', '/api/maintenance_windows/', { form: { ...valid(), servers: [foreign] } });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('servers');
    const theirs = await svc.request('POST', '/api/maintenance_windows/', { form: { ...valid(), servers: [foreign] }, as: svc.other });
    expect(theirs.status).toBe(201);
    for (const m of ['GET', 'PUT', 'DELETE'] as const) {
      const form = m === 'PUT' ? valid() : undefined;
      const res = await svc.request(m, `/api/maintenance_windows/${theirs.body.id}/`, { form });
      expect(res.status).toBe(404);
      expect(res.body).toEqual((await svc.request(m, '/api/maintenance_windows/99999999/', { form })).body);
    }
    const list = await svc.request('GET', '/api/maintenance_windows/');
    expect(list.body.data.map((w: { id: number }) => w.id)).not.toContain(theirs.body.id);
    expect((await svc.request('GET', `/api/maintenance_windows/${theirs.body.id}/`, { as: svc.other })).body.servers).toEqual([foreign]);
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/maintenance_windows/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/maintenance_windows/', { as: null, form: valid() })).status).toBe(401);
  });
});

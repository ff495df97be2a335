import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const t = (iso: string) => Date.parse(iso) / 1000;
let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let a: TestUser;
let b: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  svc = await startTestService({}, () => t('2026-11-04T12:00:00Z'));
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  a = await createUser(svc, 3);
  b = await createUser(svc, 3);
  stranger = await createUser(svc, 3, svc.other);
});
afterAll(() => svc.close());

const weekly = (users: number[]) => ({ name: 'primary', users, start: t('2026-11-02T08:00:00Z'), handoff_time: '09:00', length: { unit: 'week', count: 1 } });
const body = (over: Record<string, unknown> = {}) => ({ name: 'Ops', time_zone: 'Europe/Berlin', rotations: [weekly([a.userId, b.userId])], ...over });
const count = async () => (await svc.request('GET', '/api/v5/schedules/')).body.pagination.count as number;
const create = (json: Record<string, unknown>, as?: TestUser) => svc.request('POST', '/api/v5/schedules/', { json, as });

describe('schedules', () => {
  it('creates, reads, lists, replaces and deletes', async () => {
    const c = await create(body(), manager);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id, name: 'Ops', time_zone: 'Europe/Berlin', overrides: [], created: t('2026-11-04T12:00:00Z'), url: `/api/v5/schedules/${id}/`,
      rotations: [{ ...weekly([a.userId, b.userId]), restriction: null }],
    });
    expect((await svc.request('GET', `/api/schedules/${id}`)).body).toEqual(c.body);
    expect((await svc.request('GET', '/api/v5/schedules/')).body.data).toContainEqual(c.body);

    const business = { ...weekly([b.userId]), name: 'day', restriction: { weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '09:00', to: '17:00' } } };
    const u = await svc.request('PUT', `/api/v5/schedules/${id}/`, { json: body({ name: 'Ops EU', time_zone: 'America/New_York', rotations: [weekly([a.userId]), business] }) });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ name: 'Ops EU', time_zone: 'America/New_York', rotations: [{ users: [a.userId] }, business] });
    expect((await svc.request('GET', `/api/v5/schedules/${id}/`)).body).toEqual(u.body);

    expect((await svc.request('DELETE', `/api/v5/schedules/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/v5/schedules/${id}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/v5/schedules/${id}/`)).status).toBe(404);
  });

  it('takes a form with the rotations as JSON text, and pages', async () => {
    const before = await count();
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      const r = await svc.request('POST', '/api/v5/schedules/', { form: { name, time_zone: 'UTC', rotations: JSON.stringify([weekly([a.userId])]) } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.id);
    }
    const page = (await svc.request('GET', `/api/v5/schedules/?limit=2&page=${Math.floor((before + 1) / 2)}`)).body;
    expect(page.pagination.count).toBe(before + 3);
    expect(page.data.length).toBeGreaterThan(0);
    expect((await svc.request('GET', '/api/v5/schedules/?limit=0')).status).toBe(400);
    for (const id of ids) await svc.request('DELETE', `/api/v5/schedules/${id}/`);
  });

  const rot = (over: Record<string, unknown>) => ({ rotations: [{ ...weekly([1]), ...over }] });
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: '' }, 'name must be 1-100 characters', 'name'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'unknown time zone "Mars/Olympus"', 'time_zone'],
    ['no rotation', { rotations: [] }, 'rotations must list at least one rotation', 'rotations'],
    ['rotations that are not a list', { rotations: 'weekly' }, 'rotations must be a JSON list', 'rotations'],
    ['a rotation with nobody', rot({ users: [] }), 'users must list at least one user', 'rotations'],
    ['a rotation of 51 users', rot({ users: Array.from({ length: 51 }, (_, i) => i + 1) }), 'users must list at most 50 users', 'rotations'],
    ['a hand-off at 25:00', rot({ handoff_time: '25:00' }), 'handoff_time must be a time HH:MM', 'rotations'],
    ['a monthly length', rot({ length: { unit: 'month', count: 1 } }), 'rotations.0.length.unit must be one of day, week', 'rotations'],
    ['a length of 0', rot({ length: { unit: 'day', count: 0 } }), 'length.count must be between 1 and 52', 'rotations'],
    ['a weekday that is not one', rot({ restriction: { weekdays: ['funday'] } }), 'restriction.weekdays.0 must be one of mon, tue', 'rotations'],
    ['hours that are not HH:MM', rot({ restriction: { hours: { from: '9', to: '17:00' } } }), 'restriction.hours.from must be a time HH:MM', 'rotations'],
    ['a negative start', rot({ start: -1 }), 'start must be at least 0', 'rotations'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, over, message, field) => {
    const before = await count();
    const r = await create(body(over));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.message).toContain(message);
    expect(r.body.error.field).toBe(field);
    expect(await count()).toBe(before);
  });

  it("refuses users that are not of the account (another account's included) with 400 naming rotations", async () => {
    const before = await count();
    for (const id of [stranger.userId, 999_999]) {
      const r = await create(body({ rotations: [weekly([a.userId]), weekly([b.userId, id])] }));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toEqual(expect.objectContaining({ field: 'rotations', message: `rotations[1].users: no user with id ${id}` }));
    }
    expect(await count()).toBe(before);
  });

  it('lets every role read and only Managers and the owner write (403), auditing each write', async () => {
    const c = await create(body(), manager);
    const id = c.body.id;
    expect((await svc.request('GET', `/api/v5/schedules/${id}/`, { as: regular })).status).toBe(200);
    expect((await svc.request('GET', `/api/v5/schedules/${id}/on_call/`, { as: regular })).status).toBe(200);
    const denied = [
      await create(body(), regular),
      await svc.request('PUT', `/api/v5/schedules/${id}/`, { as: regular, json: body({ name: 'mine' }) }),
      await svc.request('DELETE', `/api/v5/schedules/${id}/`, { as: regular }),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await svc.request('GET', `/api/v5/schedules/${id}/`)).body.name).toBe('Ops');
    expect((await svc.request('PUT', `/api/v5/schedules/${id}/`, { json: body({ name: 'Ops 2' }) })).status).toBe(200);
    expect((await svc.request('DELETE', `/api/v5/schedules/${id}/`, { as: manager })).status).toBe(200);
    const log = (await svc.request('GET', '/api/audit/?resource=schedules')).body.data.filter((e: { resource_id: number }) => e.resource_id === id);
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: expect.objectContaining({ name: 'Ops' }), after: expect.objectContaining({ name: 'Ops 2' }) });
    expect(log[2]).toMatchObject({ user_id: manager.userId, after: expect.objectContaining({ name: 'Ops' }) });
  });

  it("keeps accounts apart: another account's schedule is 404 everywhere and not listed", async () => {
    const id = (await create(body())).body.id;
    const as = svc.other;
    const theirs = { ...body(), rotations: [weekly([stranger.userId])] };
    const answers = [
      await svc.request('GET', `/api/v5/schedules/${id}/`, { as }),
      await svc.request('PUT', `/api/v5/schedules/${id}/`, { as, json: theirs }),
      await svc.request('DELETE', `/api/v5/schedules/${id}/`, { as }),
      await svc.request('GET', `/api/v5/schedules/${id}/on_call/`, { as }),
      await svc.request('GET', `/api/v5/schedules/${id}/shifts/?start=${t('2026-11-04T00:00:00Z')}&end=${t('2026-11-05T00:00:00Z')}`, { as }),
      await svc.request('POST', `/api/v5/schedules/${id}/overrides/`, { as, json: { user_id: stranger.userId, start: 1, end: 2 } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await svc.request('GET', '/api/v5/schedules/', { as })).body.pagination.count).toBe(0);
    expect((await svc.request('GET', `/api/v5/schedules/${id}/`)).body.name).toBe('Ops');
    await svc.request('DELETE', `/api/v5/schedules/${id}/`);
  });
});

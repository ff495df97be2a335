import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const t = (iso: string) => Date.parse(iso) / 1000;
let clock = t('2026-11-04T12:00:00Z');
let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let a: TestUser;
let b: TestUser;
let stranger: TestUser;
let id: number;

beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  a = await createUser(svc, 3);
  b = await createUser(svc, 3);
  stranger = await createUser(svc, 3, svc.other);
});
afterAll(() => svc.close());

// A and B alternate weekly from Monday 2026-11-02 09:00 Berlin (08:00Z).
beforeEach(async () => {
  clock = t('2026-11-04T12:00:00Z');
  const rotation = { users: [a.userId, b.userId], start: t('2026-11-02T08:00:00Z'), handoff_time: '09:00', length: { unit: 'week', count: 1 } };
  const r = await svc.request('POST', '/api/v5/schedules/', { json: { name: 'Ops', time_zone: 'Europe/Berlin', rotations: [rotation] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  id = r.body.id;
});

const path = (rest = '') => `/api/v5/schedules/${id}/${rest}`;
const person = (u: TestUser) => ({ id: u.userId, name: expect.stringMatching(/^User\d+ Test$/), email: u.email });
const override = (json: Record<string, unknown>, as?: TestUser) => svc.request('POST', path('overrides/'), { json, as });

describe('who is on call', () => {
  it('answers the person, their name and e-mail, and until when; now by default', async () => {
    const now = await svc.request('GET', path('on_call/'));
    expect(now.body).toEqual({ schedule_id: id, time: clock, users: [person(a)], until: t('2026-11-09T08:00:00Z'), layer: 0 });
    const later = await svc.request('GET', path(`on_call/?time=${t('2026-11-10T00:00:00Z')}`));
    expect(later.body).toMatchObject({ users: [person(b)], until: t('2026-11-16T08:00:00Z') });
    const before = await svc.request('GET', path(`on_call/?time=${t('2026-11-01T00:00:00Z')}`));
    expect(before.body).toMatchObject({ users: [], until: null, layer: null });
    expect((await svc.request('GET', path('on_call/?time=soon'))).body.error).toMatchObject({ field: 'time' });
  });

  it('answers the shifts of a range with the people they name, and refuses a bad or too wide range', async () => {
    const r = await svc.request('GET', path(`shifts/?start=${t('2026-11-02T00:00:00Z')}&end=${t('2026-11-16T00:00:00Z')}`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([
      { user_id: a.userId, start: t('2026-11-02T08:00:00Z'), end: t('2026-11-09T08:00:00Z'), layer: 0 },
      { user_id: b.userId, start: t('2026-11-09T08:00:00Z'), end: t('2026-11-16T00:00:00Z'), layer: 0 },
    ]);
    expect(r.body.users).toEqual([person(a), person(b)]);
    const s = t('2026-11-01T00:00:00Z');
    for (const [q, message] of [
      [`start=${s}&end=${s}`, 'end must be after start'],
      [`start=${s}&end=${s + 62 * 86400 + 1}`, 'the range must be at most 62 days'],
      [`start=${s}`, 'end is required'],
    ]) {
      const bad = await svc.request('GET', path(`shifts/?${q}`));
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ field: 'end', message });
    }
    expect((await svc.request('GET', path(`shifts/?start=${s}&end=${s + 62 * 86400}`))).status).toBe(200);
  });
});

describe('overrides', () => {
  it('a Manager puts anyone on call; the override wins over the rotation and is audited', async () => {
    const o = await override({ user_id: regular.userId, start: t('2026-11-04T11:00:00Z'), end: t('2026-11-04T15:00:00Z') }, manager);
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    expect(o.body).toEqual({ id: o.body.id, user_id: regular.userId, start: t('2026-11-04T11:00:00Z'), end: t('2026-11-04T15:00:00Z'), created_by: manager.userId, created: clock });
    expect((await svc.request('GET', path())).body.overrides).toEqual([o.body]);
    expect((await svc.request('GET', path('on_call/'))).body).toMatchObject({ users: [person(regular)], until: t('2026-11-04T15:00:00Z'), layer: 'override' });
    const shifts = (await svc.request('GET', path(`shifts/?start=${t('2026-11-04T00:00:00Z')}&end=${t('2026-11-05T00:00:00Z')}`))).body.data;
    expect(shifts.map((s: { user_id: number }) => s.user_id)).toEqual([a.userId, regular.userId, a.userId]);
    const log = (await svc.request('GET', '/api/audit/?resource=schedules')).body.data.filter((e: { resource_id: number }) => e.resource_id === id);
    expect(log[0]).toMatchObject({ action: 'add_override', user_id: manager.userId, before: { overrides: [] }, after: { overrides: [o.body] } });

    expect((await svc.request('DELETE', path(`overrides/${o.body.id}/`), { as: manager })).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', path())).body.overrides).toEqual([]);
    expect((await svc.request('DELETE', path(`overrides/${o.body.id}/`))).status).toBe(404);
    const removed = (await svc.request('GET', '/api/audit/?resource=schedules')).body.data[0];
    expect(removed).toMatchObject({ action: 'remove_override', resource_id: id, before: { overrides: [o.body] } });
  });

  it('a Regular user takes a shift for themselves only, and removes only their own', async () => {
    const span = { start: t('2026-11-05T00:00:00Z'), end: t('2026-11-06T00:00:00Z') };
    const mine = await override({ user_id: regular.userId, ...span }, regular);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const forOther = await override({ user_id: a.userId, ...span }, regular);
    expect(forOther.status).toBe(403);
    expect(forOther.body.error.message).toBe('a Regular user makes overrides only for themselves');
    const managers = (await override({ user_id: a.userId, start: span.end, end: span.end + 3600 }, manager)).body.id;
    expect((await svc.request('DELETE', path(`overrides/${managers}/`), { as: regular })).status).toBe(403);
    expect((await svc.request('DELETE', path(`overrides/${mine.body.id}/`), { as: regular })).status).toBe(200);
    expect((await svc.request('GET', path())).body.overrides.map((o: { id: number }) => o.id)).toEqual([managers]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['end at start', { start: 100, end: 100 }, 'end must be after start', 'end'],
    ['end before start', { start: 100, end: 50 }, 'end must be after start', 'end'],
    ['over 366 days', { start: 0, end: 367 * 86400 }, 'an override must last at most 366 days', 'end'],
    ['no user', { user_id: undefined, start: 0, end: 60 }, 'user_id is required', 'user_id'],
    ['an unknown user', { user_id: 999_999, start: 0, end: 60 }, 'user_id: no user with id 999999', 'user_id'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, over, message, field) => {
    const r = await override({ user_id: a.userId, ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toMatchObject({ field, message });
    expect((await svc.request('GET', path())).body.overrides).toEqual([]);
  });

  it("refuses another account's user, and another account's override id is 404", async () => {
    const r = await override({ user_id: stranger.userId, start: 0, end: 60 });
    expect(r.body.error).toMatchObject({ field: 'user_id', message: `user_id: no user with id ${stranger.userId}` });
    const o = (await override({ user_id: a.userId, start: 0, end: 60 })).body.id;
    expect((await svc.request('DELETE', path(`overrides/${o}/`), { as: svc.other })).status).toBe(404);
    expect((await svc.request('GET', path())).body.overrides).toHaveLength(1);
    // An override id of this account under another schedule is not found either.
    const other = (await svc.request('POST', '/api/v5/schedules/', { json: { name: 'x', time_zone: 'UTC', rotations: [{ users: [a.userId], start: 0, handoff_time: '00:00', length: { unit: 'day', count: 1 } }] } })).body.id;
    expect((await svc.request('DELETE', `/api/v5/schedules/${other}/overrides/${o}/`)).status).toBe(404);
  });
});

describe('a deleted user', () => {
  it('leaves every rotation (one left empty goes) and their overrides go; those they made stay', async () => {
    const c = await createUser(svc, 2);
    const r = await svc.request('PUT', path(), {
      json: { name: 'Ops', time_zone: 'Europe/Berlin', rotations: [
        { users: [a.userId, c.userId, b.userId], start: t('2026-11-02T08:00:00Z'), handoff_time: '09:00', length: { unit: 'week', count: 1 } },
        { users: [c.userId], start: t('2026-11-02T08:00:00Z'), handoff_time: '09:00', length: { unit: 'day', count: 1 }, restriction: { hours: { from: '09:00', to: '17:00' } } },
      ] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await override({ user_id: c.userId, start: 0, end: 60 });
    const made = (await override({ user_id: a.userId, start: 60, end: 120 }, c)).body.id;
    expect((await svc.request('DELETE', `/api/v5/users/${c.userId}/`)).status).toBe(200);
    const after = (await svc.request('GET', path())).body;
    expect(after.rotations.map((x: { users: number[] }) => x.users)).toEqual([[a.userId, b.userId]]);
    expect(after.overrides).toEqual([expect.objectContaining({ id: made, user_id: a.userId, created_by: null })]);
  });
});

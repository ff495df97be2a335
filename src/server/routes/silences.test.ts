import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const T0 = 1_900_000_000;
let clock = T0;
let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let ownerId: number;
const mine = { server: 0, alert: 0, tag: 0, set: 0 };
const theirs = { server: 0, alert: 0, tag: 0, set: 0 };

async function seed(as: TestService['account'], into: typeof mine, user: number) {
  into.server = await seedServerRow(svc.sql, as.id, { hostname: `web-${as.id}` });
  const a = await svc.request('POST', '/api/alerts/', { as, form: { name: 'Disk full', users: [user], type: 'Server', target_id: into.server, trigger_type: 'CPU', threshold: 50 } });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  into.alert = a.body.id;
  into.tag = (await svc.request('POST', '/api/server_tags/', { as, form: { name: 'web', servers: [into.server] } })).body.id;
  into.set = (await svc.request('POST', '/api/server_sets/', { as, form: { name: 'front', server_tags: [into.tag] } })).body.id;
}

beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  ownerId = (await svc.request('GET', '/api/me/')).body.id;
  await seed(svc.account, mine, ownerId);
  await seed(svc.other, theirs, (await svc.request('GET', '/api/me/', { as: svc.other })).body.id);
});
afterAll(() => svc.close());

/** Stands for this account's server in the table of refusals (its id is known only once seeded). */
const MINE = 'this account\'s server';
const count = async () => (await svc.request('GET', '/api/v5/silences/')).body.pagination.count as number;
const create = (form: Record<string, unknown>, as?: TestUser) => svc.request('POST', '/api/v5/silences/', { form, as });

describe('silences', () => {
  it('creates (start defaulting to now, end from duration), reads, lists, replaces and deletes', async () => {
    const c = await create({ servers: [mine.server], duration: 3600, reason: 'quick reboot' }, manager);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id, alerts: [], servers: [mine.server], server_tags: [], server_sets: [], alert_name: '', matchers: [], start: T0, end: T0 + 3600,
      reason: 'quick reboot', created_by: manager.userId, created: T0, state: 'active', url: `/api/v5/silences/${id}/`,
    });
    expect((await svc.request('GET', `/api/silences/${id}`)).body).toEqual(c.body);
    expect((await svc.request('GET', '/api/v5/silences/')).body.data).toContainEqual(c.body);

    // A JSON body with real arrays; an omitted start keeps the silence's own, and the creator stays.
    const u = await svc.request('PUT', `/api/v5/silences/${id}/`, { json: { alerts: [mine.alert], server_tags: [mine.tag], end: T0 + 7200, alert_name: ' Disk ' } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ alerts: [mine.alert], servers: [], server_tags: [mine.tag], alert_name: 'Disk', start: T0, end: T0 + 7200, reason: '', created_by: manager.userId });
    expect((await svc.request('GET', `/api/v5/silences/${id}/`)).body).toEqual(u.body);

    expect((await svc.request('DELETE', `/api/v5/silences/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/v5/silences/${id}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/v5/silences/${id}/`)).status).toBe(404);
  });

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['no matcher at all', { duration: 3600 }, 'a silence must have a matcher', undefined],
    ['only a blank name', { alert_name: '   ', duration: 3600 }, 'a silence must have a matcher', undefined],
    ['neither end nor duration', { servers: MINE }, 'end or duration must be given', undefined],
    ['both end and duration', { servers: MINE, end: T0 + 60, duration: 60 }, 'duration must not be given with end', 'duration'],
    ['end before start', { servers: MINE, start: T0 + 600, end: T0 + 300 }, 'end must be after start', 'end'],
    ['end at start', { servers: MINE, start: T0, end: T0 }, 'end must be after start', 'end'],
    ['end before now, start omitted', { servers: MINE, end: T0 - 60 }, 'end must be after start', 'end'],
    ['a duration under a minute', { servers: MINE, duration: 59 }, 'duration must be between 60 and 31622400', 'duration'],
    ['a duration over a year', { servers: MINE, duration: 367 * 86400 }, 'duration must be between 60 and 31622400', 'duration'],
    ['a duration that is not a number', { servers: MINE, duration: 'an hour' }, 'duration must be an integer', 'duration'],
    ['ids that are not a list', { servers: 'web-1', duration: 60 }, 'servers must be a JSON list', 'servers'],
    ['a negative start', { servers: MINE, start: -5, duration: 60 }, 'start must be at least 0', 'start'],
    ['a name too long', { alert_name: 'x'.repeat(257), duration: 60 }, 'alert_name must be at most 256 characters', 'alert_name'],
    ['matchers that are not a list', { matchers: 'severity=critical', duration: 60 }, 'matchers must be a JSON list', 'matchers'],
    ['a matcher without a name', { matchers: [{ value: 'x' }], duration: 60 }, 'each matcher needs a name', 'matchers'],
    ['a matcher with a bad regular expression', { matchers: [{ name: 'job', value: '(unclosed', isRegex: true }], duration: 60 }, 'is not a valid regular expression', 'matchers'],
    ['a matcher with a backreference', { matchers: [{ name: 'job', value: '(a)\\1', isRegex: true }], duration: 60 }, 'is not a valid regular expression', 'matchers'],
  ])('refuses %s with 400, storing nothing', async (_what, form, message, field) => {
    const before = await count();
    const r = await create({ ...form, servers: form.servers === MINE ? [mine.server] : form.servers });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.message).toContain(message);
    expect(r.body.error.field).toBe(field);
    expect(await count()).toBe(before);
  });

  it.each(['alerts', 'servers', 'server_tags', 'server_sets'] as const)("refuses another account's %s with 400 naming the field", async (field) => {
    const key = { alerts: 'alert', servers: 'server', server_tags: 'tag', server_sets: 'set' } as const;
    const before = await count();
    const r = await create({ [field]: [mine[key[field]], theirs[key[field]]], duration: 600 });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toMatchObject({ field, message: expect.stringContaining(String(theirs[key[field]])) });
    expect(await count()).toBe(before);
    const ok = await create({ [field]: [mine[key[field]]], duration: 600 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await svc.request('DELETE', `/api/silences/${ok.body.id}/`);
  });

  it('lets every role read and only Managers and the owner write (403), auditing each write', async () => {
    const c = await create({ alert_name: 'disk', duration: 600 }, manager);
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect((await svc.request('GET', `/api/silences/${id}/`, { as: regular })).status).toBe(200);
    expect((await svc.request('GET', '/api/silences/', { as: regular })).body.pagination.count).toBe(await count());
    const denied = [
      await create({ alert_name: 'x', duration: 600 }, regular),
      await svc.request('PUT', `/api/silences/${id}/`, { as: regular, form: { alert_name: 'x', duration: 600 } }),
      await svc.request('PATCH', `/api/silences/${id}/`, { as: regular, form: { alert_name: 'x', duration: 600 } }),
      await svc.request('DELETE', `/api/silences/${id}/`, { as: regular }),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect((await svc.request('GET', `/api/silences/${id}/`)).body.alert_name).toBe('disk');
    expect((await svc.request('PUT', `/api/silences/${id}/`, { form: { alert_name: 'disk full', duration: 600 } })).status).toBe(200);
    expect((await svc.request('DELETE', `/api/silences/${id}/`, { as: manager })).status).toBe(200);
    const log = (await svc.request('GET', '/api/audit/?resource=silences')).body.data.filter((e: { resource_id: number }) => e.resource_id === id);
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: expect.objectContaining({ alert_name: 'disk' }), after: expect.objectContaining({ alert_name: 'disk full' }) });
    expect(log[0]).toMatchObject({ user_id: manager.userId, after: null });
  });

  it("keeps accounts apart: another account's silence is 404 and not listed", async () => {
    const c = await create({ servers: [mine.server], duration: 600 });
    expect((await svc.request('GET', `/api/silences/${c.body.id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('PUT', `/api/silences/${c.body.id}/`, { as: svc.other, form: { servers: [theirs.server], duration: 60 } })).status).toBe(404);
    expect((await svc.request('DELETE', `/api/silences/${c.body.id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('GET', '/api/silences/', { as: svc.other })).body.pagination.count).toBe(0);
    await svc.request('DELETE', `/api/silences/${c.body.id}/`);
  });
});

describe('silence state and listing', () => {
  it('derives pending, active and expired from the clock, filters by active, and pages newest first', async () => {
    const before = await count();
    const ids: number[] = [];
    for (const [start, end] of [[T0 + 600, T0 + 1200], [T0 - 600, T0 + 600], [T0 - 1200, T0 - 600]]) {
      const r = await create({ alerts: [mine.alert], start, end });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.id);
    }
    const states = async () => Promise.all(ids.map(async (id) => (await svc.request('GET', `/api/silences/${id}/`)).body.state));
    expect(await states()).toEqual(['pending', 'active', 'expired']);
    clock = T0 + 600;
    expect(await states()).toEqual(['active', 'expired', 'expired']);
    clock = T0 + 1200;
    expect(await states()).toEqual(['expired', 'expired', 'expired']);
    clock = T0;

    const listed = async (q: string) => (await svc.request('GET', `/api/v5/silences/${q}`)).body;
    expect((await listed('?active=true')).data.map((s: { id: number }) => s.id).filter((id: number) => ids.includes(id))).toEqual([ids[1], ids[0]]);
    expect((await listed('?active=false')).data.map((s: { id: number }) => s.id).filter((id: number) => ids.includes(id))).toEqual([ids[2]]);

    const first = await listed('?limit=2');
    expect(first.pagination).toMatchObject({ count: before + 3, previous: null, next: '/api/v5/silences/?limit=2&page=1' });
    expect(first.data.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[1]]);
    const second = await listed('?limit=2&page=1');
    expect(second.data[0].id).toBe(ids[0]);
    expect(second.pagination.previous).toBe('/api/v5/silences/?limit=2&page=0');
    expect((await svc.request('GET', '/api/silences/?limit=0')).status).toBe(400);
    expect((await svc.request('GET', '/api/silences/?active=maybe')).status).toBe(400);
    for (const id of ids) await svc.request('DELETE', `/api/silences/${id}/`);
  });
});

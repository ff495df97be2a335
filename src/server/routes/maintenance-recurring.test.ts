import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

const z = (iso: string) => Date.parse(iso) / 1000;

const clock = z('2026-03-10T12:00:00Z');
let svc: TestService;
let s1: number;
let s2: number;
let late: number;
let tag: number;
let set: number;
let theirTag: number;
let theirSet: number;
beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'db-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'db-2' });
  late = await seedServerRow(svc.sql, svc.account.id, { hostname: 'late' });
  const foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
  tag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'sunday', servers: [s1] } })).body.id;
  const setTag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'db', servers: [s2] } })).body.id;
  set = (await svc.request('POST', '/api/server_sets/', { form: { name: 'databases', server_tags: [setTag] } })).body.id;
  theirTag = (await svc.request('POST', '/api/server_tags/', { form: { name: 't', servers: [foreign] }, as: svc.other })).body.id;
  theirSet = (await svc.request('POST', '/api/server_sets/', { form: { name: 's', server_tags: [theirTag] }, as: svc.other })).body.id;
});
afterAll(() => svc.close());

const count = async () => (await svc.request('GET', '/api/maintenance_windows/')).body.pagination.count as number;
// Sundays 02:30 Berlin for two hours, from 22 March 2026 (the 29th is the spring-forward night).
const weekly = () => ({ start: '2026-03-22 02:30', rrule: 'FREQ=WEEKLY;BYDAY=SU', duration: 120, time_zone: 'Europe/Berlin', server_tags: [tag], reason: 'patching' });

describe('recurring maintenance windows', () => {
  it('creates a weekly window in its zone, answers the extensions, and reads back with epoch times', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: { ...weekly(), server_sets: [set], rrule: 'RRULE:freq=weekly;byday=SU' } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({
      start: '2026-03-22 02:30:00',
      end: null,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      duration: 120,
      time_zone: 'Europe/Berlin',
      servers: [],
      server_tags: [tag],
      server_sets: [set],
      started: false,
      ended: false,
    });
    const got = (await svc.request('GET', `/api/v5/maintenance_windows/${c.body.id}/`)).body;
    expect(got).toMatchObject({ start: z('2026-03-22T01:30:00Z'), end: null, server_tags: [tag], server_sets: [set] });
    const u = await svc.request('PUT', `/api/maintenance_windows/${c.body.id}/`, { json: { ...weekly(), end: '2026-04-30 00:00', servers: [s2] } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ end: '2026-04-30 00:00:00', servers: [s2], server_tags: [tag], server_sets: [] });
    await svc.request('DELETE', `/api/maintenance_windows/${c.body.id}/`);
  });

  const cases: [string, () => Record<string, unknown>, string, string | (() => string)][] = [
    ['a bad rule', () => ({ ...weekly(), rrule: 'FREQ=WEEKLY;BYDAY=XX' }), 'rrule', 'rrule: "BYDAY=XX" is not a valid BYDAY'],
    ['a rule without FREQ', () => ({ ...weekly(), rrule: 'BYDAY=SU' }), 'rrule', 'rrule must give FREQ (HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)'],
    ['a rule that never occurs', () => ({ ...weekly(), rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }), 'rrule', 'rrule: no date satisfies the rule'],
    ['a rule whose until comes before its first date', () => ({ ...weekly(), rrule: 'FREQ=YEARLY;BYMONTH=1', end: '2026-03-29 00:00' }), 'rrule', 'rrule: the rule has no occurrence within 5 years of start'],
    ['a bad zone', () => ({ ...weekly(), time_zone: 'Mars/Olympus' }), 'time_zone', 'time_zone: unknown time zone "Mars/Olympus" (an IANA name such as Europe/Berlin)'],
    ['a missing duration', () => ({ ...weekly(), duration: undefined }), 'duration', 'duration is required'],
    ['a zero duration', () => ({ ...weekly(), duration: 0 }), 'duration', 'duration must be between 1 and 525600'],
    ['a duration without rrule', () => ({ ...weekly(), rrule: undefined, end: '2026-03-22 04:00' }), 'duration', 'duration is taken only with rrule (a recurring window)'],
    ['a missing end without rrule', () => ({ ...weekly(), rrule: undefined, duration: undefined }), 'end', 'end is required'],
    ['an until before start', () => ({ ...weekly(), end: '2026-03-01 00:00' }), 'end', 'end must be after start'],
    ['a start not in the zone form', () => ({ ...weekly(), start: '22/03/2026' }), 'start', 'start must be a time written yyyy-mm-dd hh:mm (Europe/Berlin)'],
    ['no scope', () => ({ ...weekly(), server_tags: '[]' }), 'server_tags', 'servers, server_tags or server_sets must list at least one id'],
    ['an unknown tag', () => ({ ...weekly(), server_tags: '[99999999]' }), 'server_tags', 'server_tags: no server tag with id 99999999'],
    ["another account's tag", () => ({ ...weekly(), server_tags: [theirTag] }), 'server_tags', () => `server_tags: no server tag with id ${theirTag}`],
    ['an unknown set', () => ({ ...weekly(), server_sets: '[99999999]' }), 'server_sets', 'server_sets: no server set with id 99999999'],
    ["another account's set", () => ({ ...weekly(), server_sets: [theirSet] }), 'server_sets', () => `server_sets: no server set with id ${theirSet}`],
    ['a set list that is not JSON', () => ({ ...weekly(), server_sets: 'dbs' }), 'server_sets', 'server_sets must be a JSON list'],
  ];
  it.each(cases)('POST refuses %s with 400 and stores nothing', async (_c, make, field, message) => {
    const before = await count();
    const r = await svc.request('POST', '/api/maintenance_windows/', { form: make() });
    expect(r.body).toEqual({ error: { status: 400, message: typeof message === 'string' ? message : message(), field } });
    expect(await count()).toBe(before);
  });

  it('PUT refuses a bad rule and changes nothing', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: weekly() });
    const before = (await svc.request('GET', `/api/maintenance_windows/${c.body.id}/`)).body;
    const r = await svc.request('PUT', `/api/maintenance_windows/${c.body.id}/`, { form: { ...weekly(), rrule: 'FREQ=NEVER', server_tags: [s2] } });
    expect(r.status).toBe(400);
    expect((await svc.request('GET', `/api/maintenance_windows/${c.body.id}/`)).body).toEqual(before);
    await svc.request('DELETE', `/api/maintenance_windows/${c.body.id}/`);
  });
});

describe('occurrences', () => {
  let id: number;
  beforeAll(async () => {
    id = (await svc.request('POST', '/api/maintenance_windows/', { form: weekly() })).body.id;
  });
  const path = () => `/api/v5/maintenance_windows/${id}/occurrences/`;

  it('lists the occurrences in the range, at 02:30 Berlin time across the change, paged', async () => {
    const q = { start: z('2026-03-20T00:00:00Z'), end: z('2026-04-13T00:00:00Z') };
    const all = await svc.request('GET', path(), { form: q });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      { start: z('2026-03-22T01:30:00Z'), end: z('2026-03-22T03:30:00Z') },
      { start: z('2026-03-29T01:30:00Z'), end: z('2026-03-29T03:30:00Z') },
      { start: z('2026-04-05T00:30:00Z'), end: z('2026-04-05T02:30:00Z') },
      { start: z('2026-04-12T00:30:00Z'), end: z('2026-04-12T02:30:00Z') },
    ]);
    const second = await svc.request('GET', path(), { form: { ...q, limit: 3, page: 1 } });
    expect(second.body.pagination).toMatchObject({ count: 4, next: null, previous: expect.stringContaining('page=0') });
    expect(second.body.data).toEqual([all.body.data[3]]);
    const first = await svc.request('GET', path(), { form: { ...q, limit: 3 } });
    expect(first.body.pagination.next).toContain('page=1');
  });

  it("lists a plain window's one occurrence", async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: { start: '2026-03-11 02:00', end: '2026-03-11 03:00', servers: [s1] } });
    const r = await svc.request('GET', `/api/maintenance_windows/${c.body.id}/occurrences/`, { form: { start: z('2026-03-11T00:00:00Z'), end: z('2026-03-12T00:00:00Z') } });
    expect(r.body.data).toEqual([{ start: z('2026-03-11T02:00:00Z'), end: z('2026-03-11T03:00:00Z') }]);
    await svc.request('DELETE', `/api/maintenance_windows/${c.body.id}/`);
  });

  it.each([
    [{ end: 2000 }, 'start', 'start is required'],
    [{ start: 1000 }, 'end', 'end is required'],
    [{ start: 2000, end: 2000 }, 'end', 'end must be after start'],
    [{ start: 0, end: 367 * 86_400 }, 'end', 'end must be at most 366 days after start'],
    [{ start: 'soon', end: 2000 }, 'start', 'start must be an integer'],
  ])('refuses the range %j with 400', async (query, field, message) => {
    const r = await svc.request('GET', path(), { form: query });
    expect(r.body).toEqual({ error: { status: 400, message, field } });
  });

  it("answers 404 for another account's window and an unknown one", async () => {
    const q = { form: { start: 0, end: 86_400 } };
    const theirs = await svc.request('GET', path(), { ...q, as: svc.other });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual((await svc.request('GET', '/api/maintenance_windows/99999999/occurrences/', q)).body);
  });
});

describe('servers in maintenance', () => {
  it('resolves tags and sets at the minute asked, so a server tagged later is covered', async () => {
    const c = await svc.request('POST', '/api/maintenance_windows/', { form: { ...weekly(), start: '2027-01-03 02:30', server_sets: [set] } });
    expect(c.status).toBe(201);
    const during = z('2027-01-10T02:00:00Z');
    const repo = svc.deps.store.maintenanceWindows;
    expect(await repo.serversInMaintenance(svc.account.id, during)).toEqual([s1, s2]);
    expect(await repo.serversInMaintenance(svc.account.id, z('2027-01-10T03:30:00Z'))).toEqual([]);
    expect(await repo.serversInMaintenance(svc.account.id, z('2027-01-03T01:29:00Z'))).toEqual([]);
    await svc.request('PUT', `/api/server_tags/${tag}/`, { form: { name: 'sunday', servers: [s1, late] } });
    expect(await repo.serversInMaintenance(svc.account.id, during)).toEqual([s1, s2, late]);
    expect(await svc.deps.store.alertEngine.serversInMaintenance(svc.account.id, [late, 424242], during)).toEqual([late]);
    expect(await svc.deps.store.alertEngine.serversInMaintenance(svc.account.id, [late], z('2027-01-11T02:00:00Z'))).toEqual([]);
    expect(await repo.serversInMaintenance(svc.other.id, during)).toEqual([]);
    await svc.request('DELETE', `/api/maintenance_windows/${c.body.id}/`);
  });
});

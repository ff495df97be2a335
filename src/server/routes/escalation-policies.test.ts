import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const T0 = 1_900_000_000;
let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let owner: number;
let theirOwner: number;
let server: number;

beforeAll(async () => {
  svc = await startTestService({}, () => T0);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  owner = (await svc.request('GET', '/api/me/')).body.id;
  theirOwner = (await svc.request('GET', '/api/me/', { as: svc.other })).body.id;
  server = await seedServerRow(svc.sql, svc.account.id, { hostname: 'esc-web' });
});
afterAll(() => svc.close());

const PATH = '/api/v5/escalation_policies/';
const twoSteps = () => [
  { delay_minutes: 0, targets: { users: [owner] } },
  { delay_minutes: 15, targets: { users: [owner, manager.userId] } },
];
const create = (json: Record<string, unknown>, as?: TestUser | TestService['other']) => svc.request('POST', PATH, { json, as });

describe('escalation policies', () => {
  it('creates (JSON body or form), reads, lists, replaces and deletes', async () => {
    const c = await create({ name: ' Night ops ', steps: twoSteps(), repeat: 2 }, manager);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id, name: 'Night ops', repeat: 2, alerts: [], created: T0, url: `/api/v5/escalation_policies/${id}/`,
      steps: [
        { delay_minutes: 0, targets: { users: [owner], schedules: [], channels: [] } },
        { delay_minutes: 15, targets: { users: [owner, manager.userId], schedules: [], channels: [] } },
      ],
    });
    expect((await svc.request('GET', `${PATH}${id}/`)).body).toEqual(c.body);
    expect((await svc.request('GET', PATH)).body.data).toContainEqual(c.body);

    // A form sends the steps as JSON text; repeat defaults to 0.
    const f = await svc.request('POST', PATH, { form: { name: 'form', steps: JSON.stringify([{ delay_minutes: '5', targets: { users: [owner] } }]) } });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
    expect(f.body).toMatchObject({ repeat: 0, steps: [{ delay_minutes: 5, targets: { users: [owner] } }] });

    const u = await svc.request('PUT', `${PATH}${id}/`, { json: { name: 'Day', steps: [{ delay_minutes: 1, targets: { users: [manager.userId] } }] } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ id, name: 'Day', repeat: 0, created: T0, steps: [{ delay_minutes: 1, targets: { users: [manager.userId] } }] });

    for (const p of [id, f.body.id]) expect((await svc.request('DELETE', `${PATH}${p}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `${PATH}${id}/`)).status).toBe(404);
    expect((await svc.request('DELETE', `${PATH}${id}/`)).status).toBe(404);
  });

  const bad: [string, Record<string, unknown>, string, RegExp][] = [
    ['no name', { steps: [{ delay_minutes: 0, targets: { users: [1] } }] }, 'name', /name/],
    ['no steps', { name: 'x', steps: [] }, 'steps', /at least one step/],
    ['steps not a list', { name: 'x', steps: 'soon' }, 'steps', /JSON list/],
    ['21 steps', { name: 'x', steps: Array.from({ length: 21 }, () => ({ delay_minutes: 0, targets: { users: [1] } })) }, 'steps', /at most 20/],
    ['a negative delay', { name: 'x', steps: [{ delay_minutes: -1, targets: { users: [1] } }] }, 'steps', /delay_minutes/],
    ['delays that decrease', { name: 'x', steps: [{ delay_minutes: 10, targets: { users: [1] } }, { delay_minutes: 5, targets: { users: [1] } }] }, 'steps', /steps\[1\].*must not decrease/],
    ['a step without targets', { name: 'x', steps: [{ delay_minutes: 0, targets: {} }] }, 'steps', /steps\[0\].*at least one target/],
    ['a step without its targets object', { name: 'x', steps: [{ delay_minutes: 0 }] }, 'steps', /targets/],
    ['repeat 11', { name: 'x', repeat: 11, steps: [{ delay_minutes: 0, targets: { users: [1] } }] }, 'repeat', /between 0 and 10/],
    ['an unknown user', { name: 'x', steps: [{ delay_minutes: 0, targets: { users: [987654] } }] }, 'steps', /steps\[0\]\.targets\.users: no user profile with id 987654/],
    ['an unknown schedule', { name: 'x', steps: [{ delay_minutes: 0, targets: { schedules: [987654] } }] }, 'steps', /schedules: no schedule with id 987654/],
    ['an unknown channel', { name: 'x', steps: [{ delay_minutes: 0, targets: { channels: [987654] } }] }, 'steps', /channels: no channel with id 987654/],
  ];
  it.each(bad)('refuses %s with a 400 naming the field, storing nothing', async (_, json, field, message) => {
    const before = (await svc.request('GET', PATH)).body.pagination.count;
    const r = await create(json);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toMatch(message);
    expect((await svc.request('GET', PATH)).body.pagination.count).toBe(before);
  });

  it('lets every role read and only Managers and the owner write (403), auditing each write', async () => {
    const c = await create({ name: 'audit me', steps: twoSteps() }, manager);
    const id = c.body.id;
    expect((await svc.request('GET', `${PATH}${id}/`, { as: regular })).status).toBe(200);
    const denied = [
      await create({ name: 'x', steps: twoSteps() }, regular),
      await svc.request('PUT', `${PATH}${id}/`, { as: regular, json: { name: 'x', steps: twoSteps() } }),
      await svc.request('DELETE', `${PATH}${id}/`, { as: regular }),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await svc.request('PUT', `${PATH}${id}/`, { json: { name: 'audited', steps: twoSteps() } })).status).toBe(200);
    expect((await svc.request('DELETE', `${PATH}${id}/`, { as: manager })).status).toBe(200);
    const log = (await svc.request('GET', '/api/audit/?resource=escalation_policies')).body.data.filter((e: { resource_id: number }) => e.resource_id === id);
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: expect.objectContaining({ name: 'audit me' }), after: expect.objectContaining({ name: 'audited' }) });
  });

  it("keeps accounts apart: another account's policy is 404, its users are unknown here, and it is not listed", async () => {
    const c = await create({ name: 'ours', steps: twoSteps() });
    const id = c.body.id;
    expect((await svc.request('GET', `${PATH}${id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('PUT', `${PATH}${id}/`, { as: svc.other, json: { name: 'x', steps: [{ delay_minutes: 0, targets: { users: [theirOwner] } }] } })).status).toBe(404);
    expect((await svc.request('DELETE', `${PATH}${id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('GET', PATH, { as: svc.other })).body.data.map((p: { id: number }) => p.id)).not.toContain(id);
    const theirs = await create({ name: 'theirs', steps: [{ delay_minutes: 0, targets: { users: [owner] } }] }, svc.other);
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.message).toMatch(`no user profile with id ${owner}`);
    // An alert of the other account cannot name our policy.
    const s = await seedServerRow(svc.sql, svc.other.id, { hostname: 'their-web' });
    const a = await svc.request('POST', '/api/v5/alerts/', { as: svc.other, json: { name: 'x', users: [theirOwner], type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50, escalation_policy: id } });
    expect(a.status).toBe(400);
    expect(a.body.error).toMatchObject({ field: 'escalation_policy', message: `escalation_policy: no escalation policy with id ${id}` });
    await svc.request('DELETE', `${PATH}${id}/`);
  });
});

describe('the alert extension field escalation_policy', () => {
  it('defaults to null, is written by create and update, read back, listed in the policy, and keeps the policy from deletion (409 naming the alerts)', async () => {
    const p = (await create({ name: 'pager', steps: twoSteps() })).body.id as number;
    const plain = await svc.request('POST', '/api/v5/alerts/', { form: { name: 'plain', users: [owner], type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50 } });
    expect(plain.body.escalation_policy).toBeNull();
    const a = await svc.request('POST', '/api/v5/alerts/', { form: { name: 'paged', users: [owner], type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 60, escalation_policy: p } });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.escalation_policy).toBe(p);
    expect((await svc.request('GET', `/api/v5/alerts/${a.body.id}/`)).body.escalation_policy).toBe(p);
    expect((await svc.request('PUT', `/api/v5/alerts/${plain.body.id}/`, { json: { escalation_policy: p } })).body.escalation_policy).toBe(p);
    expect((await svc.request('GET', `${PATH}${p}/`)).body.alerts).toEqual([plain.body.id, a.body.id].sort((x, y) => x - y));

    const refused = await svc.request('DELETE', `${PATH}${p}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`${a.body.id} "paged"`);
    expect(refused.body.error.message).toContain(`${plain.body.id} "plain"`);
    expect((await svc.request('GET', `${PATH}${p}/`)).status).toBe(200);

    // null (or "" in a form) detaches; then the policy may go.
    expect((await svc.request('PUT', `/api/v5/alerts/${a.body.id}/`, { json: { escalation_policy: null } })).body.escalation_policy).toBeNull();
    expect((await svc.request('PUT', `/api/v5/alerts/${plain.body.id}/`, { form: { escalation_policy: '' } })).body.escalation_policy).toBeNull();
    expect((await svc.request('PUT', `/api/v5/alerts/${a.body.id}/`, { form: { escalation_policy: 'soon' } })).status).toBe(400);
    expect((await svc.request('PUT', `/api/v5/alerts/${a.body.id}/`, { json: { escalation_policy: 987654 } })).body.error).toMatchObject({ field: 'escalation_policy' });
    expect((await svc.request('DELETE', `${PATH}${p}/`)).status).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    expect(JSON.stringify(doc.paths['/api/v5/alerts/'])).toContain('escalation_policy');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v5/escalation_policies/', '/api/v5/escalation_policies/{id}/']));
  });
});

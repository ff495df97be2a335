import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

let svc: TestService;
let regular: TestUser;
let manager: TestUser;
beforeAll(async () => {
  svc = await startTestService();
  regular = await createUser(svc, 3);
  manager = await createUser(svc, 2);
});
afterAll(() => svc.close());

const PATH = '/api/v5/notification_settings/';

describe('notification settings (group window)', () => {
  it('answers the default of 30 s until set, on both prefixes', async () => {
    expect((await svc.request('GET', PATH)).body).toMatchObject({ group_wait_s: 30 });
    expect((await svc.request('GET', '/api/notification_settings/', { as: regular })).body).toMatchObject({ group_wait_s: 30 });
  });

  it('is set by the owner and a Manager (form or JSON), per account, and audited', async () => {
    const put = await svc.request('PUT', PATH, { form: { group_wait_s: 45 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ group_wait_s: 45 });
    expect((await svc.request('PUT', PATH, { json: { group_wait_s: 0 }, as: manager })).body).toMatchObject({ group_wait_s: 0 });
    expect((await svc.request('GET', PATH, { as: regular })).body).toMatchObject({ group_wait_s: 0 });
    // Another account keeps its own.
    expect((await svc.request('GET', PATH, { as: svc.other })).body).toMatchObject({ group_wait_s: 30 });
    const audit = (await svc.request('GET', '/api/v5/audit/?resource=notification_settings')).body.data as { action: string; before: unknown; after: unknown }[];
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['update', expect.objectContaining({ group_wait_s: 45 }), expect.objectContaining({ group_wait_s: 0 })],
      ['update', expect.objectContaining({ group_wait_s: 30 }), expect.objectContaining({ group_wait_s: 45 })],
    ]);
  });

  it('refuses a Regular user with 403 and changes nothing', async () => {
    await svc.request('PUT', PATH, { form: { group_wait_s: 60 } });
    const r = await svc.request('PUT', PATH, { form: { group_wait_s: 5 }, as: regular });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/Manager/);
    expect((await svc.request('GET', PATH)).body).toMatchObject({ group_wait_s: 60 });
  });

  it.each([
    [{}, /group_wait_s/],
    [{ group_wait_s: -1 }, /group_wait_s/],
    [{ group_wait_s: 3601 }, /group_wait_s/],
    [{ group_wait_s: 'soon' }, /group_wait_s/],
    [{ group_wait_s: 1.5 }, /group_wait_s/],
  ])('answers 400 for %j and stores nothing', async (form, message) => {
    await svc.request('PUT', PATH, { form: { group_wait_s: 60 } });
    const r = await svc.request('PUT', PATH, { form });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(message);
    expect((await svc.request('GET', PATH)).body).toMatchObject({ group_wait_s: 60 });
  });

  it('name who is told of external alerts (default the owner by e-mail) and their reminder interval, keeping what a PUT leaves out', async () => {
    const owner = (await svc.request('GET', '/api/v5/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
    const fresh = await svc.newAccount('fresh@example.org');
    expect((await svc.request('GET', PATH, { as: fresh })).body).toMatchObject({ external_alert_users: [expect.objectContaining({ sendemail: true, sendsms: false })], external_alert_interval: 10 });
    await svc.request('PUT', PATH, { form: { group_wait_s: 60 } });
    const put = await svc.request('PUT', PATH, { json: { external_alert_users: [{ id: manager.id, sendemail: true, sendsms: false, pushnotification: true }], external_alert_interval: 15 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ group_wait_s: 60, external_alert_users: [{ id: manager.id, sendemail: true, sendsms: false, pushnotification: true }], external_alert_interval: 15, external_escalation_policy: null });
    // Another account's user, or none, is a 400 that changes nothing.
    const foreign = (await svc.request('GET', '/api/v5/users/', { as: svc.other })).body.data[0].id;
    for (const users of [[foreign], []]) {
      const r = await svc.request('PUT', PATH, { json: { external_alert_users: users } });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/users/);
    }
    expect((await svc.request('PUT', PATH, { form: { external_alert_interval: 0 } })).status).toBe(400);
    expect((await svc.request('GET', PATH)).body.external_alert_users).toEqual([{ id: manager.id, sendemail: true, sendsms: false, pushnotification: true }]);
    expect(owner).toBeGreaterThan(0);
  });
});

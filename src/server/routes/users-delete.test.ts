import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
let theirs: AlertTargets;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  theirs = await seedAlertTargetRows(svc.sql, svc.other.id, 'their-1');
});
afterAll(() => svc.close());

let n = 0;
const person = async (as = svc.account) => {
  n++;
  const r = await svc.request('POST', '/api/users/', {
    as,
    form: { first_name: `P${n}`, last_name: 'Person', email: `p${n}@example.com`, country_code: 44, phone_number: 2071234567 },
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
};
const alert = async (users: unknown[], targets = t, as = svc.account) => {
  const r = await svc.request('POST', '/api/alerts/', {
    as,
    form: { name: `a${++n}`, type: 'Server', target_id: targets.server, trigger_type: 'CPU', threshold: 75, users },
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
};
const usersOf = async (id: number, as = svc.account) => (await svc.request('GET', `/api/alerts/${id}/`, { as })).body.users as { id: number }[];
const flags = (id: number, sendemail = true, sendsms = false, pushnotification = false) =>
  expect.objectContaining({ id, sendemail, sendsms, pushnotification });

describe('DELETE /users/{id}/ and alerts', () => {
  it('takes the user off every alert; an alert left with nobody gets the account owner by e-mail', async () => {
    const gone = await person();
    const stays = await person();
    const shared = await alert([gone, stays]);
    const alone = await alert([{ id: gone, sendemail: false, sendsms: true, pushnotification: true }]);
    const untouched = await alert([stays]);

    const r = await svc.request('DELETE', `/api/users/${gone}/`);
    expect(r.status).toBe(200);

    expect(await usersOf(shared)).toEqual([flags(stays)]);
    expect(await usersOf(alone)).toEqual([flags(t.owner)]);
    expect(await usersOf(untouched)).toEqual([flags(stays)]);
    // Stored, not only answered: the alert still names a user once the owner is the only one left.
    // Read as text on either store (PostgreSQL may keep the list as jsonb).
    const stored = await svc.sql.get<{ users: unknown }>('SELECT users FROM alerts WHERE id = ?', alone);
    expect(typeof stored!.users === 'string' ? JSON.parse(stored!.users) : stored!.users).toEqual([{ id: t.owner, sendemail: true, sendsms: false, pushnotification: false }]);
  });

  it('keeps the alert updatable afterwards (its users rule still holds)', async () => {
    const gone = await person();
    const a = await alert([gone]);
    await svc.request('DELETE', `/api/users/${gone}/`);
    const u = await svc.request('PUT', `/api/alerts/${a}/`, { form: { name: 'renamed' } });
    expect(u.status).toBe(200);
    expect(u.body.users).toEqual([flags(t.owner)]);
  });

  it("changes nothing for another account's user id or for the owner", async () => {
    const theirUser = await person(svc.other);
    const theirAlert = await alert([theirUser], theirs, svc.other);
    expect((await svc.request('DELETE', `/api/users/${theirUser}/`)).status).toBe(404);
    expect(await usersOf(theirAlert, svc.other)).toEqual([flags(theirUser)]);

    const mine = await alert([t.owner]);
    expect((await svc.request('DELETE', `/api/users/${t.owner}/`)).status).toBe(403);
    expect(await usersOf(mine)).toEqual([flags(t.owner)]);
  });

  it('says so in the OpenAPI description', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    expect(doc.paths['/api/v5/users/{id}/'].delete.description).toMatch(/alert left with no user gets the account owner/);
  });
});

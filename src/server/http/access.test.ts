import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../app';
import { startTestService, type TestAccount, type TestService } from '../testing/harness';
import { createUser, ownerId, type TestUser } from '../testing/team';
import { WRITE_RULES } from './access';

let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let owner: number;
beforeAll(async () => {
  svc = await startTestService();
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  owner = await ownerId(svc);
});
afterAll(() => svc.close());

/** Every writing route the modules register (PATCH is added to PUT routes by the app). */
async function writingRoutes(): Promise<string[]> {
  const app = Fastify();
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (!['GET', 'HEAD'].includes(m)) seen.add(`${m} ${route.url.replace(/\/$/, '')}`);
  });
  for (const routes of API_ROUTES) routes(app, svc.deps);
  await app.ready();
  await app.close();
  return [...seen].sort();
}

describe('the access table', () => {
  it('has a rule for every writing route, and no rule for a route that does not exist', async () => {
    const routes = await writingRoutes();
    expect(routes.filter((r) => !(r in WRITE_RULES))).toEqual([]);
    expect(Object.keys(WRITE_RULES).filter((r) => !routes.includes(r))).toEqual([]);
  });
});

describe('roles on every writing endpoint', () => {
  // A target profile per case, so a manager's delete or rotation never touches another case's users.
  const cases = Object.entries(WRITE_RULES).flatMap(([key, rule]) => {
    const [method, path] = key.split(' ') as [string, string];
    return method === 'PUT' ? [[method, path, rule.need] as const, ['PATCH', path, rule.need] as const] : [[method, path, rule.need] as const];
  });

  it.each(cases)('%s %s (%s)', async (method, path, need) => {
    const target = await createUser(svc, 3);
    const url = `/api/v5${path.replace(':id', path.startsWith('/users') ? String(target.userId) : '999999').replace(':did', '1')}/`;
    const as = (who: TestAccount) => svc.request(method, url, { as: who, form: {} });

    const r = await as(regular);
    if (need === 'any') expect(r.status).not.toBe(403);
    else {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: { status: 403, message: expect.stringMatching(need === 'owner' ? /needs the account owner/ : /needs the Manager role/) } });
    }
    const m = (await as(manager)).status;
    if (need === 'owner') expect(m).toBe(403);
    else expect(m).not.toBe(403);
    expect((await as(svc.account)).status).not.toBe(403);
  });
});

describe('the owner and the self rules', () => {
  const ownerCases: [string, string, string, 'owner' | 'manager' | 'regular', Record<string, unknown>, RegExp][] = [
    ['manager deletes the owner', 'DELETE', '', 'manager', {}, /cannot be deleted/],
    ['manager demotes the owner', 'PUT', 'role/', 'manager', { role: 3 }, /role cannot change/],
    ['owner demotes themself', 'PUT', 'role/', 'owner', { role: 3 }, /role cannot change/],
    ["manager edits the owner's profile", 'PUT', '', 'manager', { first_name: 'X' }, /only the account owner/],
    ["manager rotates the owner's key", 'POST', 'api_key/', 'manager', {}, /only the account owner/],
    ["regular edits the owner's profile", 'PATCH', '', 'regular', { first_name: 'X' }, /Manager role/],
  ];
  it.each(ownerCases)('%s: 403', async (_name, method, suffix, who, form, message) => {
    const as = who === 'manager' ? manager : who === 'regular' ? regular : svc.account;
    const r = await svc.request(method, `/api/users/${owner}/${suffix}`, { as, form });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(message);
    expect((await svc.request('GET', `/api/users/${owner}/`)).body).toMatchObject({ role: 2, is_account_owner: true });
  });

  it('the owner deleting themself is refused too', async () => {
    expect((await svc.request('DELETE', `/api/users/${owner}/`)).status).toBe(403);
  });

  it('a Regular user changes their own profile (PUT and PATCH) and key, nobody else\'s', async () => {
    const me = await createUser(svc, 3);
    const other = await createUser(svc, 3);
    const put = await svc.request('PUT', `/api/users/${me.userId}/`, { as: me, form: { first_name: 'Renamed' } });
    expect(put.status).toBe(200);
    expect(put.body.first_name).toBe('Renamed');
    expect((await svc.request('PATCH', `/api/users/${me.userId}/`, { as: me, json: { last_name: 'Patched' } })).body.last_name).toBe('Patched');
    expect((await svc.request('PUT', `/api/users/${me.userId}/role/`, { as: me, form: { role: 2 } })).status).toBe(403);
    expect((await svc.request('PUT', `/api/users/${other.userId}/`, { as: me, form: { first_name: 'X' } })).status).toBe(403);
    expect((await svc.request('POST', `/api/users/${other.userId}/api_key/`, { as: me })).status).toBe(403);
    expect((await svc.request('DELETE', `/api/users/${other.userId}/api_key/`, { as: me })).status).toBe(403);
    const rotated = await svc.request('POST', `/api/users/${me.userId}/api_key/`, { as: me });
    expect(rotated.status).toBe(200);
    expect((await svc.request('GET', '/api/me/', { as: { ...me, key: rotated.body.api_key } })).body.first_name).toBe('Renamed');
  });

  it('a Regular user reads everything but the audit log', async () => {
    for (const p of ['/api/servers/', '/api/alerts/', '/api/users/', '/api/maintenance_windows/', '/api/notifications/']) {
      expect((await svc.request('GET', p, { as: regular })).status).toBe(200);
    }
    expect((await svc.request('GET', '/api/audit/', { as: regular })).status).toBe(403);
    expect((await svc.request('GET', '/api/audit/', { as: manager })).status).toBe(200);
  });
});

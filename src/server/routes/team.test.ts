import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, ownerId } from '../testing/team';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('per-user API keys', () => {
  it('signs a user in with their own e-mail and key, acting as that user', async () => {
    const u = await createUser(svc, 3);
    const me = await svc.request('GET', '/api/me/', { as: u });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: u.userId, email: u.email, role: 3, role_text: 'Regular', is_account_owner: false });
    // The account key still signs in, as the owner.
    expect((await svc.request('GET', '/api/me/')).body).toMatchObject({ is_account_owner: true, role: 2 });
    // Another user's e-mail with this key, or the account e-mail with it, is not a sign-in.
    const v = await createUser(svc, 3);
    expect((await svc.request('GET', '/api/me/', { as: { ...v, key: u.key } })).status).toBe(401);
    expect((await svc.request('GET', '/api/me/', { as: { ...svc.account, key: u.key } })).status).toBe(401);
  });

  it('stores only a SHA-256 hash of the key', async () => {
    const u = await createUser(svc, 3);
    const rows = await svc.sql.all<{ key_hash: string }>('SELECT key_hash FROM user_keys WHERE user_id = ?', u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await svc.sql.all('SELECT * FROM user_keys'))).not.toContain(u.key);
  });

  it('rotation gives a new key and the old one stops at once', async () => {
    const u = await createUser(svc, 3);
    const r = await svc.request('POST', `/api/users/${u.userId}/api_key/`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ api_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect((await svc.request('GET', '/api/me/', { as: u })).status).toBe(401);
    expect((await svc.request('GET', '/api/me/', { as: { ...u, key: r.body.api_key } })).status).toBe(200);
  });

  it("the owner's rotation replaces the account key", async () => {
    const local = await startTestService();
    try {
      const id = await ownerId(local);
      const r = await local.request('POST', `/api/users/${id}/api_key/`);
      expect(r.status).toBe(200);
      expect((await local.request('GET', '/api/me/')).status).toBe(401);
      expect((await local.request('GET', '/api/me/', { as: { ...local.account, key: r.body.api_key } })).body.id).toBe(id);
      expect((await local.request('DELETE', `/api/users/${id}/api_key/`, { as: { ...local.account, key: r.body.api_key } })).status).toBe(403);
    } finally {
      await local.close();
    }
  });

  it('revocation stops the key until a new one is made', async () => {
    const u = await createUser(svc, 3);
    expect((await svc.request('DELETE', `/api/users/${u.userId}/api_key/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', '/api/me/', { as: u })).status).toBe(401);
    const again = await svc.request('POST', `/api/users/${u.userId}/api_key/`);
    expect((await svc.request('GET', '/api/me/', { as: { ...u, key: again.body.api_key } })).status).toBe(200);
  });

  it("a sign-in sees a profile change on the next request, and a deleted user's key stops at once", async () => {
    const u = await createUser(svc, 3);
    expect((await svc.request('PUT', `/api/users/${u.userId}/`, { form: { first_name: 'Renamed' } })).status).toBe(200);
    expect((await svc.request('GET', '/api/me/', { as: u })).body).toMatchObject({ id: u.userId, first_name: 'Renamed' });
    expect((await svc.request('DELETE', `/api/users/${u.userId}/`)).status).toBe(200);
    expect((await svc.request('GET', '/api/me/', { as: u })).status).toBe(401);
  });

  it('keys and roles of another account are 404', async () => {
    const u = await createUser(svc, 3);
    for (const [m, p, form] of [
      ['POST', `/api/users/${u.userId}/api_key/`, {}],
      ['DELETE', `/api/users/${u.userId}/api_key/`, {}],
      ['PUT', `/api/users/${u.userId}/role/`, { role: 2 }],
    ] as const) {
      expect((await svc.request(m, p, { as: svc.other, form })).status).toBe(404);
    }
    expect((await svc.request('GET', '/api/me/', { as: u })).status).toBe(200);
  });
});

describe('roles', () => {
  it('creates a Manager with role=2, changes roles, and the change applies to the next request', async () => {
    const m = await createUser(svc, 2);
    expect((await svc.request('GET', '/api/me/', { as: m })).body).toMatchObject({ role: 2, role_text: 'Manager', is_account_manager: true });
    const u = await createUser(svc, 3, m);
    expect((await svc.request('POST', '/api/server_tags/', { as: u, form: { name: 'x', servers: '[]' } })).status).toBe(403);
    const promoted = await svc.request('PUT', `/api/users/${u.userId}/role/`, { as: m, form: { role: 2 } });
    expect(promoted.body).toMatchObject({ role: 2, is_account_manager: true });
    expect((await svc.request('POST', '/api/server_tags/', { as: u, form: { name: 'x', servers: '[]' } })).status).toBe(201);
  });

  it.each([[{ role: 1 }, 'role must be 2 (Manager) or 3 (Regular)'], [{ role: 'x' }, 'role must be 2 (Manager) or 3 (Regular)'], [{}, 'role is required']])(
    'refuses %j with 400 and changes nothing',
    async (form, message) => {
      const u = await createUser(svc, 3);
      const r = await svc.request('PUT', `/api/users/${u.userId}/role/`, { form });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ status: 400, message, field: 'role' });
      expect((await svc.request('GET', `/api/users/${u.userId}/`)).body.role).toBe(3);
    },
  );

  it('refuses role on a profile update: it is read-only there', async () => {
    const u = await createUser(svc, 3);
    const r = await svc.request('PUT', `/api/users/${u.userId}/`, { as: u, form: { role: 2 } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('role is read-only');
  });
});

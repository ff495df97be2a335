import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

let svc: TestService;
let manager: TestUser;
beforeAll(async () => {
  svc = await startTestService();
  manager = await createUser(svc, 2);
});
afterAll(() => svc.close());

const audit = async (query = '') => (await svc.request('GET', `/api/audit/${query}`)).body;

describe('the audit log', () => {
  it('records create, update and delete with who, when, what, before and after', async () => {
    const c = await svc.request('POST', '/api/server_tags/', { as: manager, form: { name: 'db', servers: '[]' } });
    const id = c.body.id as number;
    expect((await svc.request('PUT', `/api/server_tags/${id}/`, { as: manager, form: { name: 'db2', servers: '[]' } })).status).toBe(200);
    await svc.request('DELETE', `/api/server_tags/${id}/`);
    const page = await audit('?resource=server_tags');
    expect(page.pagination.count).toBe(3);
    const [del, upd, cre] = page.data;
    expect(cre).toMatchObject({
      user_id: manager.userId, user_email: manager.email, method: 'POST', path: '/api/server_tags/', resource: 'server_tags',
      resource_id: id, action: 'create', before: null, after: expect.objectContaining({ id, name: 'db' }),
    });
    expect(upd).toMatchObject({ action: 'update', method: 'PUT', before: expect.objectContaining({ name: 'db' }), after: expect.objectContaining({ name: 'db2' }) });
    expect(del).toMatchObject({ action: 'delete', user_email: svc.account.email, before: expect.objectContaining({ name: 'db2' }), after: null });
    expect(cre.time).toBeGreaterThan(1_600_000_000);
    expect(del.id).toBeGreaterThan(cre.id);
  });

  it('never records an API key, and records key rotation and role changes', async () => {
    const u = await createUser(svc, 3, manager);
    const rot = await svc.request('POST', `/api/users/${u.userId}/api_key/`, { as: u });
    await svc.request('PUT', `/api/users/${u.userId}/role/`, { as: manager, form: { role: 2 } });
    const all = await audit('?resource=users');
    expect(JSON.stringify(all)).not.toContain(u.key);
    expect(JSON.stringify(all)).not.toContain(rot.body.api_key);
    expect(all.data.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['role', 'rotate_key', 'create']);
    expect(all.data[0]).toMatchObject({ before: expect.objectContaining({ role: 3 }), after: expect.objectContaining({ role: 2 }) });
  });

  it('records nothing for refused, failed or read requests, nor for ingest', async () => {
    const before = (await audit()).pagination.count;
    await svc.request('POST', '/api/server_tags/', { form: { name: '' } });
    await svc.request('DELETE', '/api/server_tags/999999/');
    await svc.request('GET', '/api/servers/');
    await svc.request('POST', '/api/buckets/', { form: { name: 'b', value: 1 } });
    expect((await audit()).pagination.count).toBe(before);
  });

  it.each([
    ['user_id', () => `?user_id=${manager.userId}`, (e: { user_id: number }) => e.user_id === manager.userId],
    ['start in the future', () => `?start=${Math.floor(Date.now() / 1000) + 3600}`, () => false],
    ['end in the past', () => '?end=1000', () => false],
  ])('filters by %s', async (_name, query, keep) => {
    const page = await audit(query());
    const all = (await audit()).data as { user_id: number }[];
    expect(page.data).toEqual(all.filter(keep));
  });

  it.each([['user_id=x', 'user_id'], ['start=-1', 'start'], ['limit=0', 'limit']])('refuses %s with 400', async (q, field) => {
    const r = await svc.request('GET', `/api/audit/?${q}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it("shows only the account's own entries", async () => {
    await svc.request('POST', '/api/server_tags/', { as: svc.other, form: { name: 'theirs', servers: '[]' } });
    expect(JSON.stringify(await audit())).not.toContain('theirs');
    expect((await svc.request('GET', '/api/audit/', { as: svc.other })).body.pagination.count).toBe(1);
  });
});

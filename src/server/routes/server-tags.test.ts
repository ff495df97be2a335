import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let s1: number;
let s2: number;
let foreign: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-2' });
  foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
});
afterAll(() => svc.close());

describe('server tags', () => {
  it('creates, reads, lists, updates and deletes a tag', async () => {
    const c = await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [s1, s2] } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ id: expect.any(Number), name: 'web', servers: [s1, s2], url: `/api/v5/server_tags/${c.body.id}/` });

    const g = await svc.request('GET', `/api/v5/server_tags/${c.body.id}`);
    expect(g.body).toEqual(c.body);

    const l = await svc.request('GET', '/api/server_tags/?filter=WE');
    expect(l.body.data).toEqual([c.body]);
    expect((await svc.request('GET', '/api/server_tags/?filter=db')).body.data).toEqual([]);

    const u = await svc.request('PUT', `/api/server_tags/${c.body.id}/`, { form: { name: 'frontend', servers: [s2] } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ name: 'frontend', servers: [s2] });

    const refs = await svc.request('GET', `/api/server_tags/${c.body.id}/servers`);
    expect(refs.body).toEqual([{ id: s2, hostname: 'web-2', nickname: '', url: `/api/v5/servers/${s2}/` }]);

    expect((await svc.request('DELETE', `/api/server_tags/${c.body.id}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/server_tags/${c.body.id}/`)).status).toBe(404);
  });

  it('accepts a JSON body', async () => {
    const c = await svc.request('POST', '/api/server_tags/', { json: { name: 'json', servers: [s1] } });
    expect(c.status).toBe(201);
    expect(c.body.servers).toEqual([s1]);
  });

  it.each([
    ['POST', { servers: '[]' }, 'name', 'name is required'],
    ['POST', { name: '', servers: '[]' }, 'name', 'name must be 1-256 characters'],
    ['POST', { name: 'x'.repeat(257), servers: '[]' }, 'name', 'name must be 1-256 characters'],
    ['POST', { name: 'ok' }, 'servers', 'servers is required'],
    ['POST', { name: 'ok', servers: 'not json' }, 'servers', 'servers must be a JSON list'],
    ['POST', { name: 'ok', servers: '["a"]' }, 'servers', 'each id in servers must be an integer'],
    ['POST', { name: 'ok', servers: '[999999]' }, 'servers', 'servers: no server with id 999999'],
  ])('%s refuses %j with 400 on %s', async (method, form, field, message) => {
    const before = (await svc.request('GET', '/api/server_tags/')).body.pagination.count;
    const r = await svc.request(method, '/api/server_tags/', { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', '/api/server_tags/')).body.pagination.count).toBe(before);
  });

  it('limits names to 64 characters on update', async () => {
    const c = await svc.request('POST', '/api/server_tags/', { form: { name: 'x'.repeat(100), servers: '[]' } });
    expect(c.status).toBe(201);
    const u = await svc.request('PUT', `/api/server_tags/${c.body.id}/`, { form: { name: 'y'.repeat(65), servers: '[]' } });
    expect(u.status).toBe(400);
    expect(u.body.error).toEqual({ status: 400, message: 'name must be 1-64 characters', field: 'name' });
    expect((await svc.request('GET', `/api/server_tags/${c.body.id}/`)).body.name).toBe('x'.repeat(100));
  });

  it("refuses another account's server and hides another account's tag", async () => {
    const r = await svc.request('POST', '/api/server_tags/', { form: { name: 'x', servers: [foreign] } });
    expect(r.status).toBe(400);
    const theirs = await svc.request('POST', '/api/server_tags/', { form: { name: 'theirs', servers: [foreign] }, as: svc.other });
    expect(theirs.status).toBe(201);
    for (const [m, p] of [
      ['GET', `/api/server_tags/${theirs.body.id}/`],
      ['PUT', `/api/server_tags/${theirs.body.id}/`],
      ['DELETE', `/api/server_tags/${theirs.body.id}/`],
      ['GET', `/api/server_tags/${theirs.body.id}/servers`],
    ] as const) {
      const res = await svc.request(m, p, { form: { name: 'mine', servers: '[]' } });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('server tag not found');
    }
    const missing = await svc.request('GET', '/api/server_tags/99999999/');
    expect(missing.body).toEqual((await svc.request('GET', `/api/server_tags/${theirs.body.id}/`)).body);
    const list = await svc.request('GET', '/api/server_tags/');
    expect(list.body.data.map((t: { name: string }) => t.name)).not.toContain('theirs');
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/server_tags/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/server_tags/', { as: null, form: { name: 'a', servers: '[]' } })).status).toBe(401);
  });
});

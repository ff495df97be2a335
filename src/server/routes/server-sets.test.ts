import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let s1: number;
let s2: number;
let s3: number;
let web: number;
let db: number;
let theirTag: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-2' });
  s3 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'db-1' });
  const foreign = await seedServerRow(svc.sql, svc.other.id, { hostname: 'theirs' });
  web = (await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: [s1, s2] } })).body.id;
  db = (await svc.request('POST', '/api/server_tags/', { form: { name: 'db', servers: [s3, s2] } })).body.id;
  theirTag = (await svc.request('POST', '/api/server_tags/', { form: { name: 't', servers: [foreign] }, as: svc.other })).body.id;
});
afterAll(() => svc.close());

const count = async () => (await svc.request('GET', '/api/server_sets/')).body.pagination.count as number;

describe('server sets', () => {
  it('creates, reads, lists, updates and deletes a set', async () => {
    const c = await svc.request('POST', '/api/server_sets/', { form: { name: 'Production', server_tags: [web, db] } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id: expect.any(Number),
      name: 'Production',
      servers: [s1, s2, s3].sort((a, b) => a - b),
      server_tags: [`/api/v5/server_tags/${web}/`, `/api/v5/server_tags/${db}/`],
      auto_detection: false,
      applications: [],
      url: `/api/v5/server_sets/${id}/`,
    });
    expect((await svc.request('GET', `/api/v5/server_sets/${id}`)).body).toEqual(c.body);
    expect((await svc.request('GET', '/api/server_sets/?filter=DUCT')).body.data).toEqual([c.body]);
    expect((await svc.request('GET', '/api/server_sets/?filter=staging')).body.data).toEqual([]);

    const u = await svc.request('PUT', `/api/server_sets/${id}/`, { form: { name: 'Web', server_tags: [web], auto_detection: 'true' } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ name: 'Web', servers: [s1, s2], server_tags: [`/api/v5/server_tags/${web}/`], auto_detection: true });
    // auto_detection omitted on update keeps its value.
    const k = await svc.request('PUT', `/api/server_sets/${id}/`, { form: { name: 'Web', server_tags: [web] } });
    expect(k.body.auto_detection).toBe(true);

    expect((await svc.request('DELETE', `/api/server_sets/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/server_sets/${id}/`)).status).toBe(404);
  });

  it('answers its servers and its server tags', async () => {
    const c = await svc.request('POST', '/api/server_sets/', { json: { name: 'all', server_tags: [db], auto_detection: false } });
    const servers = await svc.request('GET', `/api/server_sets/${c.body.id}/servers`);
    expect(servers.body).toEqual([
      { id: s2, hostname: 'web-2', nickname: '', url: `/api/v5/servers/${s2}/` },
      { id: s3, hostname: 'db-1', nickname: '', url: `/api/v5/servers/${s3}/` },
    ]);
    const tags = await svc.request('GET', `/api/server_sets/${c.body.id}/server_tags/`);
    expect(tags.body).toEqual([{ id: db, name: 'db', servers: [s2, s3], url: `/api/v5/server_tags/${db}/` }]);
  });

  it('accepts the item paths it answers as server_tags', async () => {
    const c = await svc.request('POST', '/api/server_sets/', {
      form: { name: 'paths', server_tags: JSON.stringify([`/api/v5/server_tags/${web}/`, String(db)]) },
    });
    expect(c.status).toBe(201);
    expect(c.body.server_tags).toEqual([`/api/v5/server_tags/${web}/`, `/api/v5/server_tags/${db}/`]);
  });

  it('lists the applications that run on its servers', async () => {
    const app = (await svc.sql.get<{ id: number }>(`INSERT INTO applications (account_id, name, template, created) VALUES (?, 'nginx', 1, 0) RETURNING id`, svc.account.id))!.id;
    await svc.sql.run('INSERT INTO application_servers (account_id, application_id, server_id) VALUES (?, ?, ?)', svc.account.id, app, s3);
    const c = await svc.request('POST', '/api/server_sets/', { form: { name: 'dbs', server_tags: [db] } });
    expect(c.body.applications).toEqual([app]);
    const w = await svc.request('POST', '/api/server_sets/', { form: { name: 'webs', server_tags: [web] } });
    expect(w.body.applications).toEqual([]);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { server_tags: '[]' }, 'name', 'name is required'],
    ['empty name', { name: '', server_tags: '[]' }, 'name', 'name must be 1-64 characters'],
    ['long name', { name: 'n'.repeat(65), server_tags: '[]' }, 'name', 'name must be 1-64 characters'],
    ['missing server_tags', { name: 'ok' }, 'server_tags', 'server_tags is required'],
    ['server_tags not JSON', { name: 'ok', server_tags: 'web' }, 'server_tags', 'server_tags must be a JSON list'],
    ['server_tags of text', { name: 'ok', server_tags: '["web"]' }, 'server_tags', 'each id in server_tags must be an integer'],
    ['unknown tag', { name: 'ok', server_tags: '[99999999]' }, 'server_tags', 'server_tags: no server tag with id 99999999'],
    ['bad auto_detection', { name: 'ok', server_tags: '[]', auto_detection: 'maybe' }, 'auto_detection', 'auto_detection must be true or false'],
  ];
  it.each(cases)('POST refuses %s with 400', async (_c, form, field, message) => {
    const before = await count();
    const r = await svc.request('POST', '/api/server_sets/', { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect(await count()).toBe(before);
  });

  it.each(cases)('PUT refuses %s with 400 and changes nothing', async (_c, form, field, message) => {
    const c = await svc.request('POST', '/api/server_sets/', { form: { name: 'keep', server_tags: [web] } });
    const r = await svc.request('PUT', `/api/server_sets/${c.body.id}/`, { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', `/api/server_sets/${c.body.id}/`)).body).toEqual(c.body);
  });

  it("refuses another account's tag and hides another account's set", async () => {
    const r = await svc.request('POST', '/api/server_sets/', { form: { name: 'x', server_tags: [theirTag] } });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('server_tags');
    const theirs = await svc.request('POST', '/api/server_sets/', { form: { name: 'theirs', server_tags: [theirTag] }, as: svc.other });
    expect(theirs.status).toBe(201);
    for (const [m, p] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['GET', 'servers'],
      ['GET', 'server_tags'],
    ] as const) {
      const form = m === 'PUT' ? { name: 'mine', server_tags: '[]' } : undefined;
      const res = await svc.request(m, `/api/server_sets/${theirs.body.id}/${p}`, { form });
      expect(res.status).toBe(404);
      expect(res.body).toEqual((await svc.request(m, `/api/server_sets/99999999/${p}`, { form })).body);
    }
    const list = await svc.request('GET', '/api/server_sets/');
    expect(list.body.data.map((s: { name: string }) => s.name)).not.toContain('theirs');
    expect((await svc.request('GET', `/api/server_sets/${theirs.body.id}/`, { as: svc.other })).body.name).toBe('theirs');
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/server_sets/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/server_sets/', { as: null, form: { name: 'a', server_tags: '[]' } })).status).toBe(401);
  });
});

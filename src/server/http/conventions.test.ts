import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ authMaxFailures: 5 });
});
afterAll(() => svc.close());

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate when credentials are missing', async () => {
    const r = await svc.request('GET', '/api/servers/', { as: null });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(r.body.error).toMatchObject({ status: 401 });
  });

  it('answers 401 for a wrong key and for an unknown e-mail', async () => {
    for (const as of [{ ...svc.account, key: 'wrong' }, { id: 0, email: 'nobody@example.com', key: svc.account.key }]) {
      const r = await svc.request('GET', '/api/servers/', { as });
      expect(r.status).toBe(401);
    }
  });

  it('leaves WWW-Authenticate off for the dashboard, so browsers show no password prompt', async () => {
    const r = await svc.request('GET', '/api/servers/', { as: null, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBeNull();
  });

  it('throttles repeated wrong keys from one address with 429 and Retry-After, never the correct key', async () => {
    const local = await (await import('../testing/harness')).startTestService({ authMaxFailures: 3, authPenaltyMs: 0 });
    try {
      const wrong = { ...local.account, key: 'wrong' };
      for (let i = 0; i < 3; i++) expect((await local.request('GET', '/api/servers/', { as: wrong })).status).toBe(401);
      const r = await local.request('GET', '/api/servers/', { as: wrong });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await local.request('GET', '/api/servers/')).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('does not count requests without credentials (the Basic challenge step) as failed sign-ins', async () => {
    const local = await (await import('../testing/harness')).startTestService({ authMaxFailures: 3 });
    try {
      for (let i = 0; i < 6; i++) expect((await local.request('GET', '/api/servers/', { as: null })).status).toBe(401);
      expect((await local.request('GET', '/api/servers/')).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('paths', () => {
  it.each(['/api/servers', '/api/servers/', '/api/v5/servers', '/api/v5/servers/'])('%s answers', async (p) => {
    const r = await svc.request('GET', p);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ count: 0, next: null, previous: null });
  });

  it('answers 404 in the error shape for an unknown endpoint', async () => {
    const r = await svc.request('GET', '/api/v5/nothing-here/');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: { status: 404, message: expect.any(String) } });
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const r = await svc.request('PATCH', '/api/server_tags/');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
    expect(r.body.error.status).toBe(405);
  });

  it('answers 413 for an oversized body', async () => {
    const r = await svc.request('POST', '/api/server_tags/', { form: { name: 'x'.repeat(9 * 1024 * 1024), servers: '[]' } });
    expect(r.status).toBe(413);
    expect(r.body.error.status).toBe(413);
  });

  it('answers 400 for malformed JSON and for a JSON body that is not an object', async () => {
    const bad = await fetch(`${svc.baseUrl}/api/server_tags/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${svc.account.email}:${svc.account.key}`).toString('base64')}` },
      body: '{"name": ',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.status).toBe(400);
    const arr = await svc.request('POST', '/api/server_tags/', { json: [1, 2] });
    expect(arr.status).toBe(400);
  });

  // Many HTTP clients send Content-Type: application/json on every request, bodiless DELETEs too.
  const sendJson = (method: string, path: string, body: string) =>
    fetch(`${svc.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Basic ${Buffer.from(`${svc.account.email}:${svc.account.key}`).toString('base64')}` },
      body,
    });

  it('takes an empty JSON body as no parameters', async () => {
    const tag = await svc.request('POST', '/api/server_tags/', { form: { name: 'gone', servers: '[]' } });
    const del = await sendJson('DELETE', `/api/server_tags/${tag.body.id}/`, '');
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ result: 'Success' });
    const post = await sendJson('POST', '/api/server_tags/', '');
    expect(post.status).toBe(400);
    expect((await post.json()).error).toMatchObject({ status: 400, field: 'name' });
  });

  it('refuses text with a NUL character, in a form, a JSON body or a query, and stores nothing', async () => {
    const before = (await svc.request('GET', '/api/server_tags/')).body.pagination.count;
    const form = await svc.request('POST', '/api/server_tags/', { form: { name: 'a\u0000b', servers: '[]' } });
    expect(form.body).toEqual({ error: { status: 400, message: 'name must not contain NUL characters', field: 'name' } });
    const json = await svc.request('POST', '/api/server_tags/', { json: { name: 'ok', servers: [], extra: ['x\u0000'] } });
    expect(json.body.error).toMatchObject({ status: 400, field: 'extra' });
    const query = await svc.request('GET', '/api/users/?email=a%00b@example.com');
    expect(query.body.error).toMatchObject({ status: 400, field: 'email' });
    expect((await svc.request('GET', '/api/server_tags/')).body.pagination.count).toBe(before);
  });

  it('still refuses a JSON body that poisons the prototype', async () => {
    const r = await sendJson('POST', '/api/server_tags/', '{"name":"p","servers":[],"__proto__":{"admin":true}}');
    expect(r.status).toBe(400);
    expect((await r.json()).error.status).toBe(400);
  });
});

describe('paging', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) await seedServerRow(svc.sql, svc.account.id, { hostname: `host-${i}` });
  });

  it('pages with limit and page, links keep the other parameters', async () => {
    const r = await svc.request('GET', '/api/servers/?limit=3&page=1&location_ip=');
    expect(r.status).toBe(200);
    // location_ip='' matches no server: count 0 proves filters apply; use hostname-free query below.
    const all = await svc.request('GET', '/api/servers/?limit=3&page=1');
    expect(all.body.pagination.count).toBe(7);
    expect(all.body.data.map((s: { hostname: string }) => s.hostname)).toEqual(['host-3', 'host-4', 'host-5']);
    expect(all.body.pagination.next).toBe('/api/v5/servers/?limit=3&page=2');
    expect(all.body.pagination.previous).toBe('/api/v5/servers/?limit=3&page=0');
    const last = await svc.request('GET', '/api/servers/?limit=3&page=2');
    expect(last.body.data).toHaveLength(1);
    expect(last.body.pagination.next).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=2501', 'limit'],
    ['limit=abc', 'limit'],
    ['page=-1', 'page'],
  ])('refuses %s with 400 naming the field', async (qs, field) => {
    const r = await svc.request('GET', `/api/servers/?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it('defaults to limit 2500 and page 0', async () => {
    const r = await svc.request('GET', '/api/servers/');
    expect(r.body.data).toHaveLength(7);
    expect(r.body.pagination.previous).toBeNull();
  });
});

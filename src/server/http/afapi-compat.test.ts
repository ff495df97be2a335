import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let s1: number;
let s2: number;
beforeAll(async () => {
  svc = await startTestService();
  s1 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'afapi-1' });
  s2 = await seedServerRow(svc.sql, svc.account.id, { hostname: 'afapi-2' });
});
afterAll(() => svc.close());

/** A raw url-encoded body, so a field can be repeated as afapi's requests library does. */
async function send(method: string, path: string, body: string) {
  const r = await fetch(`${svc.baseUrl}${path}`, {
    method,
    headers: { authorization: basicHeader(svc.account), 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { error?: { message: string; field?: string } } };
}

describe('PATCH wherever PUT is accepted (extension)', () => {
  it('updates only the given fields, like PUT', async () => {
    const tag = await svc.request('POST', '/api/server_tags/', { form: { name: 'patch-me', servers: `[${s1}]` } });
    const r = await svc.request('PATCH', `/api/server_tags/${tag.body.id}/`, { form: { name: 'patched', servers: `[${s2}]` } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'patched', servers: [s2] });

    // Where PUT replaces (a maintenance window), PATCH replaces the same way: same handler, same rules.
    const w = { start: '2030-02-01 00:00', end: '2030-02-01 01:00', servers: `[${s1}]` };
    const mw = await svc.request('POST', '/api/maintenance_windows/', { form: { ...w, reason: 'r' } });
    const p = await svc.request('PATCH', `/api/maintenance_windows/${mw.body.id}/`, { form: w });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ reason: '' });
  });

  it('applies the same rules: a bad value is the same 400, and a RO field is refused', async () => {
    const u = await svc.request('POST', '/api/users/', { form: { first_name: 'P', last_name: 'Q', email: 'pq@example.com', country_code: 1, phone_number: 1 } });
    for (const m of ['PUT', 'PATCH']) {
      expect((await svc.request(m, `/api/users/${u.body.id}/`, { form: { email: 'nope' } })).body.error.field).toBe('email');
      expect((await svc.request(m, `/api/users/${u.body.id}/`, { form: { role: 2 } })).body.error.message).toBe('role is read-only');
    }
  });

  it('is still 405 where there is no PUT', async () => {
    expect((await svc.request('PATCH', '/api/server_tags/')).status).toBe(405);
  });
});

describe('list parameters as one bare value or repeated fields (extension)', () => {
  it.each([
    ['JSON text', () => `servers=${encodeURIComponent(`[${s1},${s2}]`)}`, () => [s1, s2]],
    ['one bare value', () => `servers=${s1}`, () => [s1]],
    ['repeated bare values', () => `servers=${s1}&servers=${s2}`, () => [s1, s2]],
  ])('POST /server_tags/ takes servers as %s', async (_name, body, expected) => {
    const r = await send('POST', '/api/server_tags/', `name=list-${Math.random()}&${body()}`);
    expect(r.status).toBe(201);
    expect(r.body.servers).toEqual(expected());
  });

  it('a maintenance window takes one bare server', async () => {
    const r = await send('POST', '/api/maintenance_windows/', `start=2030-01-01%2000:00&end=2030-01-01%2001:00&servers=${s1}`);
    expect(r.status).toBe(201);
    expect(r.body.servers).toEqual([s1]);
  });

  it.each([
    ['a bare value that is not an id', 'servers=web-1', 'servers must be a JSON list'],
    ['repeated JSON lists', 'servers=[1]&servers=[2]', 'servers must be given once'],
    ['a repeated scalar', 'name=a&name=b&servers=[]', 'name must be given once'],
  ])('still refuses %s', async (_name, body, message) => {
    const r = await send('POST', '/api/server_tags/', body.includes('name=') ? body : `name=x&${body}`);
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe(message);
  });
});

describe('epoch seconds wherever a yyyy-mm-dd hh:mm time is accepted (extension)', () => {
  const start = Date.UTC(2031, 0, 2, 3, 4) / 1000;
  it.each([
    ['form digits', () => send('POST', '/api/maintenance_windows/', `start=${start}&end=${start + 3600}&servers=${s1}`)],
    ['JSON numbers', () => svc.request('POST', '/api/maintenance_windows/', { json: { start, end: start + 3600, servers: [s1] } })],
    ['mixed with text', () => svc.request('POST', '/api/maintenance_windows/', { form: { start: '2031-01-02 03:04', end: start + 3600, servers: `[${s1}]` } })],
  ])('maintenance window times as %s', async (_name, post) => {
    const r = await post();
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ start: '2031-01-02 03:04:00', end: '2031-01-02 04:04:00' });
    const p = await svc.request('PATCH', `/api/maintenance_windows/${r.body.id}/`, { form: { start: start + 60, end: start + 120, servers: s1 } });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ start: '2031-01-02 03:05:00', end: '2031-01-02 03:06:00' });
  });
});

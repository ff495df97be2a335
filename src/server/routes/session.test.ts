import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';
import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS, cookieOptions } from '../http/sessions';

let clock = 1_800_000_000;
let svc: TestService;
let manager: TestUser;
beforeAll(async () => {
  svc = await startTestService({}, () => clock);
  manager = await createUser(svc, 2);
});
afterAll(() => svc.close());

async function signIn(who: { email: string; key: string }) {
  const r = await svc.request('POST', '/api/v5/session/', { as: null, form: { email: who.email, api_key: who.key } });
  const setCookie = r.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0]!;
  return { r, setCookie, cookie, csrf: r.body.csrf_token as string };
}

const withCookie = (cookie: string, extra: Record<string, string> = {}) => ({ as: null, headers: { cookie, ...extra } });

describe('dashboard sessions', () => {
  it('signs in with a user key: HttpOnly, SameSite=Strict, Path=/ cookie, not Secure on plain http', async () => {
    const { r, setCookie, csrf } = await signIn(manager);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user: expect.objectContaining({ id: manager.userId, email: manager.email, role: 2 }), csrf_token: expect.any(String) });
    expect(csrf.length).toBeGreaterThanOrEqual(32);
    expect(setCookie).toMatch(/^fw_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it.each([['https', true], ['http', false]] as const)('over %s the cookie is Secure: %s', (protocol, secure) => {
    expect(cookieOptions({ protocol })).toEqual({ path: '/', httpOnly: true, sameSite: 'strict', secure });
  });

  it('reads, writes with the CSRF token, refuses writes without it, and signs out on the server', async () => {
    const { cookie, csrf } = await signIn(manager);
    const me = await svc.request('GET', '/api/session/', withCookie(cookie));
    expect(me.body).toEqual({ user: expect.objectContaining({ id: manager.userId }), csrf_token: csrf });
    expect((await svc.request('GET', '/api/servers/', withCookie(cookie))).status).toBe(200);

    const form = { name: 'from-session', servers: '[]' };
    for (const headers of [{}, { 'x-csrf-token': 'wrong' }, { 'x-csrf-token': csrf.slice(1) }] as Record<string, string>[]) {
      const r = await svc.request('POST', '/api/server_tags/', { ...withCookie(cookie, headers), form });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toMatch(/X-CSRF-Token/);
    }
    expect((await svc.request('GET', '/api/server_tags/?filter=from-session')).body.data).toEqual([]);
    expect((await svc.request('POST', '/api/server_tags/', { ...withCookie(cookie, { 'x-csrf-token': csrf }), form })).status).toBe(201);

    const out = await svc.request('DELETE', '/api/session/', withCookie(cookie, { 'x-csrf-token': csrf }));
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/fw_session=;/);
    // The same cookie, replayed after sign-out, is refused: the session is gone from the store.
    expect((await svc.request('GET', '/api/servers/', withCookie(cookie))).status).toBe(401);
  });

  it('Basic auth needs no CSRF token; GET /session/ with Basic is 401', async () => {
    expect((await svc.request('POST', '/api/server_tags/', { form: { name: 'basic', servers: '[]' } })).status).toBe(201);
    expect((await svc.request('GET', '/api/session/')).status).toBe(401);
  });

  it('refuses a wrong key with 401 and sets no cookie', async () => {
    const { r, setCookie } = await signIn({ email: manager.email, key: 'wrong' });
    expect(r.status).toBe(401);
    expect(setCookie).toBe('');
  });

  it.each([
    ['12 h idle', SESSION_IDLE_SECONDS + 1, false],
    ['7 days absolute, even when active', SESSION_MAX_SECONDS + 1, true],
  ])('expires after %s', async (_name, after, keepActive) => {
    const { cookie } = await signIn(manager);
    const start = clock;
    if (keepActive) {
      for (let t = start; t < start + after; t += SESSION_IDLE_SECONDS / 2) {
        clock = t;
        expect((await svc.request('GET', '/api/me/', withCookie(cookie))).status).toBe(200);
      }
    }
    clock = start + after;
    expect((await svc.request('GET', '/api/me/', withCookie(cookie))).status).toBe(401);
  });

  it('ends when a manager revokes the user\'s key or deletes the user', async () => {
    for (const end of ['api_key/', '']) {
      const u = await createUser(svc, 3);
      const { cookie } = await signIn(u);
      expect((await svc.request('GET', '/api/me/', withCookie(cookie))).status).toBe(200);
      expect((await svc.request('DELETE', `/api/users/${u.userId}/${end}`, { as: manager })).status).toBe(200);
      expect((await svc.request('GET', '/api/me/', withCookie(cookie))).status).toBe(401);
    }
  });

  it('survives a restart of the service (sessions are in the store)', async () => {
    const { cookie } = await signIn(manager);
    await svc.app.close();
    const { buildApp } = await import('../app');
    const app2 = await buildApp(svc.deps);
    try {
      const r = await app2.inject({ method: 'GET', url: '/api/me/', headers: { cookie } });
      expect(r.statusCode).toBe(200);
      expect(JSON.parse(r.body).id).toBe(manager.userId);
    } finally {
      await app2.close();
    }
  });
});

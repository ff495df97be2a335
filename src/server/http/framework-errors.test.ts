import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const longId = '9'.repeat(600);

describe("the router's own errors, in the service's shape", () => {
  it.each(['/api/v5/servers/%ZZ', '/api/servers/%ZZ/', '/api/v5/alerts/%E0%A4%A/'])('%s is a 400 "the path is not valid"', async (path) => {
    const r = await svc.request('GET', path);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message: 'the path is not valid' } });
  });

  it.each([`/api/v5/servers/${longId}/`, `/api/users/${longId}`, `/api/v5/nothing/${longId}/`])('a 600-character path segment is a 404 (%#)', async (path) => {
    const r = await svc.request('GET', path);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: { status: 404, message: expect.stringMatching(/^(not found|no such endpoint)/) } });
  });
});

describe('Basic auth before anything else on /api', () => {
  const anonymous = [
    ['GET', '/api/v5/nothing-here/'],
    ['GET', '/api/nothing-here'],
    ['PATCH', '/api/server_tags/'],
    ['DELETE', '/api/v5/servers/'],
    ['GET', '/api/v5/servers/%ZZ'],
    ['GET', `/api/v5/servers/${longId}/`],
  ].map(([method, path]) => [method!, path!.slice(0, 40), path!] as const);

  it.each(anonymous)('%s %s without credentials is a 401 with WWW-Authenticate', async (method, _label, path) => {
    const r = await svc.request(method, path, { as: null });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(r.body.error).toMatchObject({ status: 401 });
  });

  it.each(anonymous)('%s %s with a wrong key is a 401', async (method, _label, path) => {
    const r = await svc.request(method, path, { as: { ...svc.other, key: 'wrong' } });
    expect(r.status).toBe(401);
  });

  it('still answers 404 and 405 once signed in', async () => {
    expect((await svc.request('GET', '/api/v5/nothing-here/')).status).toBe(404);
    const r = await svc.request('PATCH', '/api/server_tags/');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
  });

  it('keeps the OpenAPI document public', async () => {
    for (const path of ['/api/v5/openapi.json', '/api/openapi.json/']) {
      const r = await svc.request('GET', path, { as: null });
      expect(r.status).toBe(200);
      expect(r.body.openapi).toMatch(/^3\.1/);
    }
  });

  it('does not ask for credentials outside /api', async () => {
    const r = await svc.request('GET', '/no-such-page.txt', { as: null });
    expect(r.status).not.toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('avatars', () => {
  it("serves each profile's avatar_url as an SVG image, without credentials", async () => {
    const u = await svc.request('POST', '/api/users/', {
      form: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: 44, phone_number: 7700900123 },
    });
    expect(u.status).toBe(201);
    const r = await fetch(`${svc.baseUrl}${u.body.avatar_url}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await r.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain('Ada');
  });

  it.each(['/avatars/abc.svg', '/avatars/1.png', '/avatars/-1.svg'])('answers 404 for %s', async (p) => {
    expect((await fetch(`${svc.baseUrl}${p}`)).status).toBe(404);
  });
});

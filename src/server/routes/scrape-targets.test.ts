import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const T0 = 1_900_000_000;
let svc: TestService;
let manager: TestUser;
let regular: TestUser;

beforeAll(async () => {
  // The default network policy: loopback is refused (the scraper suite allows it).
  svc = await startTestService({}, () => T0);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
});
afterAll(() => svc.close());

const create = (form: Record<string, unknown>, as?: TestUser) => svc.request('POST', '/api/v5/scrape_targets/', { form, as });
const count = async (as?: TestService['account']) => (await svc.request('GET', '/api/v5/scrape_targets/', { as })).body.pagination.count as number;

describe('scrape targets API', () => {
  it('creates with defaults, reads, lists, replaces and deletes', async () => {
    const c = await create({ url: 'http://192.0.2.10:9100/metrics' }, manager);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({ id, url: 'http://192.0.2.10:9100/metrics', interval: 60, labels: {}, last_scrape: null, last_error: null, server_id: null, created: T0 });
    expect((await svc.request('GET', `/api/v5/scrape_targets/${id}/`)).body).toEqual(c.body);
    expect((await svc.request('GET', '/api/v5/scrape_targets/')).body.data).toContainEqual(c.body);

    const u = await svc.request('PUT', `/api/v5/scrape_targets/${id}/`, { json: { url: 'https://192.0.2.11:9100/metrics', interval: 15, labels: { env: 'prod', team: 'web' } } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ id, url: 'https://192.0.2.11:9100/metrics', interval: 15, labels: { env: 'prod', team: 'web' } });
    // Labels as JSON text in a form field, as every list and object parameter of the API.
    const f = await svc.request('PUT', `/api/v5/scrape_targets/${id}/`, { form: { url: 'http://192.0.2.11:9100/metrics', interval: '3600', labels: '{"dc":"fra1"}' } });
    expect(f.body).toMatchObject({ interval: 3600, labels: { dc: 'fra1' } });

    expect((await svc.request('DELETE', `/api/v5/scrape_targets/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/v5/scrape_targets/${id}/`)).status).toBe(404);
  });

  it.each([
    [{}, 'url', 'url'],
    [{ url: 'not a url' }, 'url', 'not a URL'],
    [{ url: 'ftp://192.0.2.10/metrics' }, 'url', 'http or https'],
    [{ url: 'http://user:pw@192.0.2.10:9100/metrics' }, 'url', 'credentials'],
    [{ url: 'http://127.0.0.1:9100/metrics' }, 'url', 'loopback and not allowed'],
    [{ url: 'http://localhost:9100/metrics' }, 'url', 'not reachable by policy'],
    [{ url: 'http://[::1]:9100/metrics' }, 'url', 'loopback'],
    [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url', 'never contacted'],
    [{ url: 'http://192.0.2.10:9100/metrics', interval: 14 }, 'interval', 'between 15 and 3600'],
    [{ url: 'http://192.0.2.10:9100/metrics', interval: 3601 }, 'interval', 'between 15 and 3600'],
    [{ url: 'http://192.0.2.10:9100/metrics', interval: 'soon' }, 'interval', 'integer'],
    [{ url: 'http://192.0.2.10:9100/metrics', labels: '[1]' }, 'labels', 'object of strings'],
    [{ url: 'http://192.0.2.10:9100/metrics', labels: '{"a":1}' }, 'labels', 'text'],
    [{ url: 'http://192.0.2.10:9100/metrics', labels: '{"1a":"x"}' }, 'labels', 'name must match'],
    [{ url: 'http://192.0.2.10:9100/metrics', labels: 'nope' }, 'labels', 'object of strings'],
    [{ url: 'http://192.0.2.10:9100/metrics', server_id: 3 }, 'server_id', 'read-only'],
    [{ url: 'http://192.0.2.10:9100/metrics', last_error: 'x' }, 'last_error', 'read-only'],
  ])('refuses %j with a 400 on %s, storing nothing', async (form, field, message) => {
    const before = await count();
    const r = await create(form);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('lets every role read and only Managers and the owner write (403), auditing each write', async () => {
    const c = await create({ url: 'http://192.0.2.20:9100/metrics' }, manager);
    const id = c.body.id;
    expect((await svc.request('GET', `/api/v5/scrape_targets/${id}/`, { as: regular })).status).toBe(200);
    const denied = [
      await create({ url: 'http://192.0.2.21:9100/metrics' }, regular),
      await svc.request('PUT', `/api/v5/scrape_targets/${id}/`, { as: regular, form: { url: 'http://192.0.2.21:9100/metrics' } }),
      await svc.request('DELETE', `/api/v5/scrape_targets/${id}/`, { as: regular }),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await svc.request('PUT', `/api/v5/scrape_targets/${id}/`, { form: { url: 'http://192.0.2.22:9100/metrics' } })).status).toBe(200);
    expect((await svc.request('DELETE', `/api/v5/scrape_targets/${id}/`, { as: manager })).status).toBe(200);
    const log = (await svc.request('GET', '/api/audit/?resource=scrape_targets')).body.data.filter((e: { resource_id: number }) => e.resource_id === id);
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: expect.objectContaining({ url: 'http://192.0.2.20:9100/metrics' }), after: expect.objectContaining({ url: 'http://192.0.2.22:9100/metrics' }) });
  });

  it("keeps accounts apart: another account's target is 404 and not listed", async () => {
    const c = await create({ url: 'http://192.0.2.30:9100/metrics' });
    const id = c.body.id;
    expect((await svc.request('GET', `/api/v5/scrape_targets/${id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('PUT', `/api/v5/scrape_targets/${id}/`, { as: svc.other, form: { url: 'http://192.0.2.31:9100/metrics' } })).status).toBe(404);
    expect((await svc.request('DELETE', `/api/v5/scrape_targets/${id}/`, { as: svc.other })).status).toBe(404);
    expect(await count(svc.other)).toBe(0);
    expect((await svc.request('GET', `/api/v5/scrape_targets/${id}/`)).body.url).toBe('http://192.0.2.30:9100/metrics');
  });
});

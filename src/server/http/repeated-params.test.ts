import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let server: number;
beforeAll(async () => {
  svc = await startTestService();
  server = await seedServerRow(svc.sql, svc.account.id, { hostname: 'app-01' });
});
afterAll(() => svc.close());

const postForm = async (path: string, body: string) => {
  const r = await fetch(`${svc.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: basicHeader(svc.account), 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: r.status, body: await r.json() };
};

describe('a scalar parameter given twice', () => {
  it.each([
    ['/api/servers/?hostname=a&hostname=b', 'hostname'],
    ['/api/users/?email=a@example.com&email=b@example.com', 'email'],
    ['/api/server_tags/?filter=a&filter=b', 'filter'],
    ['/api/server_sets/?filter=a&filter=b', 'filter'],
    ['/api/alert_histories/?filter=[1]&filter=[2]', 'filter'],
    ['/api/servers/?page=0&page=1', 'page'],
    ['/api/logs/?limit=1&limit=2', 'limit'],
    ['/api/alerts/?filter_name=server_id&filter_name=type&filter_id=1', 'filter_name'],
  ])('GET %s is a 400 naming the rule', async (path, field) => {
    const r = await svc.request('GET', path);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message: `${field} must be given once`, field } });
  });

  it('names the rule for an enum too (time_step)', async () => {
    const r = await svc.request('GET', `/api/servers/${server}/data/?time_step=Minute&time_step=Hour`);
    expect(r.body).toEqual({ error: { status: 400, message: 'time_step must be given once', field: 'time_step' } });
  });

  it.each([
    ['/api/server_tags/', 'name=a&name=b&servers=[]', 'name'],
    ['/api/users/', 'first_name=A&last_name=B&email=a@example.com&email=b@example.com&country_code=44&phone_number=1', 'email'],
  ])('POST %s with a field twice is a 400 and stores nothing', async (path, body, field) => {
    const before = (await svc.request('GET', path)).body.pagination.count;
    const r = await postForm(path, body);
    expect(r).toEqual({ status: 400, body: { error: { status: 400, message: `${field} must be given once`, field } } });
    expect((await svc.request('GET', path)).body.pagination.count).toBe(before);
  });

  it('still takes the fields the spec repeats on purpose (s[])', async () => {
    const r = await svc.request('GET', `/api/autodetect/applications/?s[]=${server}&s[]=${server}`);
    expect(r.status).toBe(200);
  });

  it('still takes a real list in a JSON body', async () => {
    const r = await svc.request('POST', '/api/server_tags/', { json: { name: 'json-list', servers: [server] } });
    expect(r.status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_READ_ONLY } from '../../shared/servers';
import { USER_CREATE_READ_ONLY, USER_READ_ONLY } from '../../shared/users';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let server: number;
let user: number;
beforeAll(async () => {
  svc = await startTestService();
  server = await seedServerRow(svc.sql, svc.account.id, { hostname: 'app-01' });
  await seedServerRow(svc.sql, svc.account.id, { hostname: 'app-02' });
  await seedServerRow(svc.sql, svc.other.id, { hostname: 'app-01' });
  user = (await svc.request('POST', '/api/users/', { form: { ...ada, email: 'ada@example.com' } })).body.id;
});
afterAll(() => svc.close());

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'x@example.com', country_code: 44, phone_number: 2071234567 };
const roValue = (f: string) => (['id', 'created', 'role', 'capacity_mem', 'capacity_cpu_num', 'current_version'].includes(f) ? 2 : f.startsWith('is_') || f === 'running' ? 'true' : 'evil');

describe('read-only fields are refused, not ignored', () => {
  it.each([...SERVER_READ_ONLY])('PUT /servers/{id}/ with %s is a 400 and changes nothing', async (field) => {
    const before = (await svc.request('GET', `/api/servers/${server}/`)).body;
    const r = await svc.request('PUT', `/api/servers/${server}/`, { form: { nickname: 'changed', [field]: roValue(field) } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message: `${field} is read-only`, field } });
    expect((await svc.request('GET', `/api/servers/${server}/`)).body).toEqual(before);
  });

  it('PUT /servers/{id}/ still takes nickname and description', async () => {
    const r = await svc.request('PUT', `/api/servers/${server}/`, { json: { nickname: 'web', description: 'front' } });
    expect(r.body).toMatchObject({ nickname: 'web', description: 'front', hostname: 'app-01' });
  });

  // role may be given on create (an extension: 2 or 3); it stays read-only on update.
  it.each([...USER_CREATE_READ_ONLY])('POST /users/ with %s is a 400 and stores nothing', async (field) => {
    const count = (await svc.request('GET', '/api/users/')).body.pagination.count;
    const r = await svc.request('POST', '/api/users/', { form: { ...ada, [field]: roValue(field) } });
    expect(r.body).toEqual({ error: { status: 400, message: `${field} is read-only`, field } });
    expect((await svc.request('GET', '/api/users/')).body.pagination.count).toBe(count);
  });

  it.each([...USER_READ_ONLY])('PUT /users/{id}/ with %s is a 400 and changes nothing', async (field) => {
    const before = (await svc.request('GET', `/api/users/${user}/`)).body;
    const r = await svc.request('PUT', `/api/users/${user}/`, { json: { first_name: 'Changed', [field]: roValue(field) } });
    expect(r.body).toEqual({ error: { status: 400, message: `${field} is read-only`, field } });
    expect((await svc.request('GET', `/api/users/${user}/`)).body).toEqual(before);
  });
});

describe('a null value is named for what it breaks', () => {
  it.each([
    ['country_code', 'country_code must be an integer'],
    ['phone_number', 'phone_number must be an integer'],
    ['first_name', 'first_name must be text'],
    ['email', 'email must be text'],
  ])('PUT /users/{id}/ {"%s": null} is a 400 "%s"', async (field, message) => {
    const before = (await svc.request('GET', `/api/users/${user}/`)).body;
    const r = await svc.request('PUT', `/api/users/${user}/`, { json: { [field]: null } });
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect((await svc.request('GET', `/api/users/${user}/`)).body).toEqual(before);
  });

  it('still says "is required" for a missing field', async () => {
    const r = await svc.request('POST', '/api/users/', { json: { ...ada, country_code: undefined } });
    expect(r.body.error.message).toBe('country_code is required');
  });
});

describe('an empty filter value is no filter', () => {
  it.each([
    ['/api/servers/?hostname=', 2],
    ['/api/servers/?location_ip=', 2],
    ['/api/servers/?create_time=', 2],
    ['/api/servers/?hostname=app-01', 1],
    ['/api/users/?email=', 2],
    ['/api/server_tags/?filter=', 0],
    ['/api/logs/?server=', 0],
  ])('GET %s counts %i', async (path, count) => {
    const r = await svc.request('GET', path);
    expect(r.status).toBe(200);
    expect(r.body.pagination.count).toBe(count);
  });

  it('filters server tags by a given filter and lists all for an empty one', async () => {
    await svc.request('POST', '/api/server_tags/', { form: { name: 'web', servers: '[]' } });
    await svc.request('POST', '/api/server_tags/', { form: { name: 'db', servers: '[]' } });
    expect((await svc.request('GET', '/api/server_tags/?filter=we')).body.pagination.count).toBe(1);
    expect((await svc.request('GET', '/api/server_tags/?filter=')).body.pagination.count).toBe(2);
    expect((await svc.request('GET', '/api/server_sets/?filter=')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: 44, phone_number: 2071234567 };
const count = async () => (await svc.request('GET', '/api/users/')).body.pagination.count as number;

describe('user profiles', () => {
  it('lists the account owner profile created with the account', async () => {
    const r = await svc.request('GET', '/api/users/');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      expect.objectContaining({ email: svc.account.email, role: 2, role_text: 'Manager', is_account_owner: true, is_account_manager: true }),
    ]);
  });

  it('creates, reads, filters, updates partially and deletes a profile', async () => {
    const c = await svc.request('POST', '/api/users/', { form: ada });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id: expect.any(Number),
      ...ada,
      nick_name: 'adal',
      role: 3,
      role_text: 'Regular',
      is_account_owner: false,
      is_account_manager: false,
      avatar_url: `/avatars/${id}.svg`,
      url: `/api/v5/users/${id}/`,
      api_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    const { api_key: _key, ...profile } = c.body;
    expect((await svc.request('GET', `/api/v5/users/${id}`)).body).toEqual(profile);

    const f = await svc.request('GET', '/api/users/?email=ADA@Example.com');
    expect(f.body.data).toEqual([profile]);
    expect((await svc.request('GET', '/api/users/?email=ada@example')).body.data).toEqual([]);

    const u = await svc.request('PUT', `/api/users/${id}/`, { form: { first_name: 'Augusta' } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ ...profile, first_name: 'Augusta', nick_name: 'augustal' });

    expect((await svc.request('DELETE', `/api/users/${id}/`)).body).toEqual({ result: 'Success' });
    expect((await svc.request('GET', `/api/users/${id}/`)).status).toBe(404);
  });

  it('accepts a JSON body and queues a confirmation e-mail that does not carry the key', async () => {
    const c = await svc.request('POST', '/api/users/', { json: { ...ada, email: 'grace@example.com', first_name: 'Grace' } });
    expect(c.status).toBe(201);
    const mail = (await svc.request('GET', '/api/notifications/')).body.data as Record<string, unknown>[];
    const row = await svc.sql.get('SELECT * FROM notifications WHERE user_id = ? ORDER BY id DESC', c.body.id);
    expect(row).toMatchObject({ channel: 'email', alert_id: 0, alert_history_id: null, state: 'kept', recipient: 'grace@example.com' }); // no SMTP here: kept
    expect(JSON.stringify(mail)).toContain('grace@example.com');
    expect(JSON.stringify(mail)).not.toContain(c.body.api_key);
    expect(JSON.stringify(row)).not.toContain(c.body.api_key);
    expect(JSON.stringify(row)).toMatch(/HTTP Basic/);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['missing first_name', { ...ada, first_name: undefined }, 'first_name', 'first_name is required'],
    ['empty first_name', { ...ada, first_name: '' }, 'first_name', 'first_name must be 1-30 characters'],
    ['long first_name', { ...ada, first_name: 'x'.repeat(31) }, 'first_name', 'first_name must be 1-30 characters'],
    ['missing last_name', { ...ada, last_name: undefined }, 'last_name', 'last_name is required'],
    ['empty last_name', { ...ada, last_name: '' }, 'last_name', 'last_name must be 1-30 characters'],
    ['long last_name', { ...ada, last_name: 'y'.repeat(31) }, 'last_name', 'last_name must be 1-30 characters'],
    ['missing email', { ...ada, email: undefined }, 'email', 'email is required'],
    ['malformed email', { ...ada, email: 'not-an-address' }, 'email', 'email must be a valid e-mail address'],
    ['email without domain dot', { ...ada, email: 'a@b' }, 'email', 'email must be a valid e-mail address'],
    ['email a@b..c', { ...ada, email: 'a@b..c' }, 'email', 'email must be a valid e-mail address'],
    ['email a@.b.c', { ...ada, email: 'a@.b.c' }, 'email', 'email must be a valid e-mail address'],
    ['email x@y.z<script>', { ...ada, email: 'x@y.z<script>' }, 'email', 'email must be a valid e-mail address'],
    ['email a@b.c;', { ...ada, email: 'a@b.c;' }, 'email', 'email must be a valid e-mail address'],
    ['email "@b.c', { ...ada, email: '"@b.c' }, 'email', 'email must be a valid e-mail address'],
    ['email a..b@example.com', { ...ada, email: 'a..b@example.com' }, 'email', 'email must be a valid e-mail address'],
    ['email a@example.c', { ...ada, email: 'a@example.c' }, 'email', 'email must be a valid e-mail address'],
    ['missing country_code', { ...ada, country_code: undefined }, 'country_code', 'country_code is required'],
    ['text country_code', { ...ada, country_code: 'uk' }, 'country_code', 'country_code must be an integer'],
    ['country_code 0', { ...ada, country_code: 0 }, 'country_code', 'country_code must be between 1 and 999'],
    ['missing phone_number', { ...ada, phone_number: undefined }, 'phone_number', 'phone_number is required'],
    ['decimal phone_number', { ...ada, phone_number: '12.5' }, 'phone_number', 'phone_number must be an integer'],
  ];
  it.each(invalid)('POST refuses %s with 400', async (_case, form, field, message) => {
    const before = await count();
    const r = await svc.request('POST', '/api/users/', { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message, field } });
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate e-mail with 409, on create and on update, ignoring case', async () => {
    const a = await svc.request('POST', '/api/users/', { form: { ...ada, email: 'dup@example.com' } });
    const b = await svc.request('POST', '/api/users/', { form: { ...ada, email: 'other-dup@example.com' } });
    const before = await count();
    const r = await svc.request('POST', '/api/users/', { form: { ...ada, email: 'DUP@example.com' } });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ status: 409, field: 'email' });
    expect(await count()).toBe(before);
    const u = await svc.request('PUT', `/api/users/${b.body.id}/`, { form: { email: 'dup@example.com', first_name: 'Changed' } });
    expect(u.status).toBe(409);
    expect((await svc.request('GET', `/api/users/${b.body.id}/`)).body).toEqual({ ...b.body, api_key: undefined });
    // Keeping one's own address is not a duplicate.
    expect((await svc.request('PUT', `/api/users/${a.body.id}/`, { form: { email: 'dup@example.com' } })).status).toBe(200);
  });

  it('applies the creation rules on update and changes nothing on failure', async () => {
    const c = await svc.request('POST', '/api/users/', { form: { ...ada, email: 'upd@example.com' } });
    for (const [form, field] of [
      [{ first_name: '' }, 'first_name'],
      [{ last_name: 'z'.repeat(31) }, 'last_name'],
      [{ email: 'bad' }, 'email'],
      [{ phone_number: 'abc' }, 'phone_number'],
      [{ first_name: 'Ok', country_code: -1 }, 'country_code'],
    ] as const) {
      const r = await svc.request('PUT', `/api/users/${c.body.id}/`, { form });
      expect(r.status).toBe(400);
      expect(r.body.error.field).toBe(field);
    }
    expect((await svc.request('GET', `/api/users/${c.body.id}/`)).body).toEqual({ ...c.body, api_key: undefined });
  });

  it('refuses to delete the account owner with 403', async () => {
    const owner = (await svc.request('GET', `/api/users/?email=${svc.account.email}`)).body.data[0];
    const r = await svc.request('DELETE', `/api/users/${owner.id}/`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { status: 403, message: 'the account owner cannot be deleted' } });
    expect((await svc.request('GET', `/api/users/${owner.id}/`)).status).toBe(200);
  });

  it("hides another account's profiles: 404 identical to a missing id", async () => {
    const theirs = await svc.request('POST', '/api/users/', { form: { ...ada, email: 'theirs@example.com' }, as: svc.other });
    expect(theirs.status).toBe(201);
    for (const [m, form] of [['GET', undefined], ['PUT', { first_name: 'Mine' }], ['DELETE', undefined]] as const) {
      const r = await svc.request(m, `/api/users/${theirs.body.id}/`, { form });
      expect(r.status).toBe(404);
      expect(r.body).toEqual((await svc.request(m, '/api/users/99999999/', { form })).body);
    }
    expect((await svc.request('GET', '/api/users/?email=theirs@example.com')).body.data).toEqual([]);
    // The same e-mail may exist in two accounts.
    expect((await svc.request('POST', '/api/users/', { form: { ...ada, email: 'theirs@example.com' } })).status).toBe(201);
    expect((await svc.request('GET', `/api/users/${theirs.body.id}/`, { as: svc.other })).body.first_name).toBe('Ada');
  });

  it('requires authentication', async () => {
    expect((await svc.request('GET', '/api/users/', { as: null })).status).toBe(401);
    expect((await svc.request('POST', '/api/users/', { as: null, form: ada })).status).toBe(401);
  });
});

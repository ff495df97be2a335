import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemNow } from '../deps';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

let svc: TestService;
let manager: TestUser;
let regular: TestUser;
// The service's clock, moved by the expiry case.
let clock = systemNow();
beforeAll(async () => {
  svc = await startTestService({ publicUrl: 'https://fleet.example.com' }, () => clock);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
});
afterAll(() => svc.close());

let seq = 0;
const newEmail = () => `invitee${++seq}@example.org`;

/** Invites as the manager; answers the invitation and the link the e-mail carries (read as the owner). */
async function invite(fields: Record<string, unknown> = {}) {
  const email = newEmail();
  const r = await svc.request('POST', '/api/v5/invitations/', { as: manager, form: { first_name: 'Ada', last_name: 'Lovelace', email, ...fields } });
  expect(r.status).toBe(201);
  const mails = (await svc.request('GET', '/api/v5/notifications/?limit=100')).body.data as { recipient: string; body: string; subject: string }[];
  const mail = mails.find((m) => m.recipient === email)!;
  const link = /https:\/\/fleet\.example\.com\/invite\/(\S+)/.exec(mail.body)!;
  return { item: r.body, email, mail, token: link[1]! };
}

const accept = (token: string, form: Record<string, unknown> = { first_name: 'Ada', last_name: 'King' }) =>
  svc.request('POST', `/api/v5/invitations/accept/${token}/`, { as: null, form });
const preview = (token: string) => svc.request('GET', `/api/v5/invitations/accept/${token}/`, { as: null });
const usersWith = async (email: string) => (await svc.request('GET', `/api/v5/users/?email=${encodeURIComponent(email)}`)).body.pagination.count as number;

describe('inviting a teammate', () => {
  it('needs only a name and an e-mail, and e-mails a link without answering it', async () => {
    const { item, email, mail, token } = await invite();
    expect(item).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', role: 3, role_text: 'Regular', invited_by: manager.userId, state: 'pending', accepted_at: null });
    expect(item.expires - item.created).toBe(7 * 86_400);
    expect(JSON.stringify(item)).not.toContain(token);
    expect(mail.subject).toContain('invites you to Fleetwatch');
    expect(mail.body).toContain('works once');
    // The store keeps the secret's hash only.
    const rows = await svc.sql.all<{ token_hash: string }>('SELECT token_hash FROM invitations WHERE id = ?', item.id);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token.split('.').pop());
    // A Regular user reads the outbox without the link.
    const theirs = (await svc.request('GET', '/api/v5/notifications/?limit=100', { as: regular })).body.data as { recipient: string; body: string }[];
    const seen = theirs.find((m) => m.recipient === email)!;
    expect(seen.body).toContain('/invite/{token}');
    expect(seen.body).not.toContain(token);
  });

  it('is accepted once: the invitee picks a name, gets a key that signs in, and the link then fails', async () => {
    const { email, token } = await invite({ role: 2 });
    const p = await preview(token);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', role_text: 'Manager', invited_by_name: expect.stringContaining('Test') });
    const a = await accept(token, { first_name: 'Augusta', last_name: 'King', country_code: '', phone_number: '' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ email, first_name: 'Augusta', last_name: 'King', role: 2, country_code: null, phone_number: null, api_key: expect.any(String) });
    const me = await svc.request('GET', '/api/v5/me/', { as: { id: svc.account.id, email, key: a.body.api_key } });
    expect(me.body).toMatchObject({ id: a.body.id, email, role_text: 'Manager' });
    for (const again of [await accept(token), await preview(token)]) {
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ field: 'token', message: expect.stringContaining('already accepted') });
    }
    expect(await usersWith(email)).toBe(1);
    const all = (await svc.request('GET', '/api/v5/invitations/?all=true', { as: manager })).body.data as { email: string; state: string; user_id: number | null }[];
    expect(all.find((i) => i.email === email)).toMatchObject({ state: 'accepted', user_id: a.body.id });
    const open = (await svc.request('GET', '/api/v5/invitations/', { as: manager })).body.data as { email: string }[];
    expect(open.map((i) => i.email)).not.toContain(email);
  });

  it('takes a phone only as both parts, in the form words of the fields', async () => {
    const { token, email } = await invite();
    const r = await accept(token, { first_name: 'A', last_name: 'B', country_code: '44' });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('phone_number');
    expect((await accept(token, { first_name: '', last_name: 'B' })).body.error.field).toBe('first_name');
    for (const field of ['role', 'email']) {
      const r = await accept(token, { first_name: 'A', last_name: 'B', [field]: field === 'role' ? 2 : 'me@example.org' });
      expect(r.body.error).toMatchObject({ status: 400, field, message: `${field} is read-only` });
    }
    expect(await usersWith(email)).toBe(0);
    const ok = await accept(token, { first_name: 'A', last_name: 'B', country_code: '44', phone_number: '7700900123' });
    expect(ok.body).toMatchObject({ country_code: 44, phone_number: 7700900123 });
  });

  it('one of two simultaneous acceptances wins', async () => {
    const { token, email } = await invite();
    const both = await Promise.all([accept(token), accept(token)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await usersWith(email)).toBe(1);
  });

  it('refuses an expired link with 410 and makes nothing', async () => {
    const { token, email } = await invite();
    clock += 7 * 86_400 + 1;
    try {
      for (const r of [await preview(token), await accept(token)]) {
        expect(r.status).toBe(410);
        expect(r.body.error).toMatchObject({ field: 'token', message: expect.stringContaining('expired') });
      }
      expect(await usersWith(email)).toBe(0);
      const all = (await svc.request('GET', '/api/v5/invitations/?all=true', { as: manager })).body.data as { email: string; state: string }[];
      expect(all.find((i) => i.email === email)!.state).toBe('expired');
    } finally {
      clock -= 7 * 86_400 + 1;
    }
  });

  it('refuses forged, damaged, withdrawn and other-account links with 400 and makes nothing', async () => {
    const { token, email, item } = await invite();
    const [v, acct, id, secret] = token.split('.') as [string, string, string, string];
    const flipped = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    const forged = [`${v}.${acct}.${id}.${flipped}`, `${v}.${svc.other.id}.${id}.${secret}`, `${v}.${acct}.${id}`, 'nonsense', `${v}.${acct}.${id}.${secret}x`];
    for (const t of forged) {
      const r = await accept(t);
      expect(r.status, t).toBe(400);
      expect(r.body.error.field).toBe('token');
    }
    expect(await usersWith(email)).toBe(0);
    expect((await svc.request('DELETE', `/api/v5/invitations/${item.id}/`, { as: manager })).body).toEqual({ result: 'Success' });
    expect((await accept(token)).status).toBe(400);
    expect(await usersWith(email)).toBe(0);
  });
});

describe('who may invite', () => {
  it('a Regular user may neither invite nor read invitations', async () => {
    const email = newEmail();
    const r = await svc.request('POST', '/api/v5/invitations/', { as: regular, form: { first_name: 'A', last_name: 'B', email } });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/needs the Manager role/);
    expect((await svc.request('GET', '/api/v5/invitations/', { as: regular })).status).toBe(403);
    const all = (await svc.request('GET', '/api/v5/invitations/?all=true')).body.data as { email: string }[];
    expect(all.map((i) => i.email)).not.toContain(email);
  });

  it("another account's invitations are invisible to it", async () => {
    const { item } = await invite();
    for (const [m, p] of [['GET', `/api/v5/invitations/${item.id}/`], ['DELETE', `/api/v5/invitations/${item.id}/`]] as const) {
      expect((await svc.request(m, p, { as: svc.other })).status).toBe(404);
    }
    const theirs = (await svc.request('GET', '/api/v5/invitations/?all=true', { as: svc.other })).body;
    expect(theirs.data).toEqual([]);
    expect((await svc.request('GET', `/api/v5/invitations/${item.id}/`, { as: manager })).status).toBe(200);
  });

  it('refuses bad input and an e-mail that already has a profile, storing nothing', async () => {
    const before = (await svc.request('GET', '/api/v5/invitations/?all=true')).body.pagination.count as number;
    for (const [form, field] of [
      [{ first_name: 'A', last_name: 'B' }, 'email'],
      [{ first_name: 'A', last_name: 'B', email: 'not-an-address' }, 'email'],
      [{ first_name: '', last_name: 'B', email: newEmail() }, 'first_name'],
      [{ first_name: 'A', last_name: 'B', email: newEmail(), role: 1 }, 'role'],
    ] as const) {
      const r = await svc.request('POST', '/api/v5/invitations/', { as: manager, form });
      expect(r.status).toBe(400);
      expect(r.body.error.field).toBe(field);
    }
    const taken = await svc.request('POST', '/api/v5/invitations/', { as: manager, form: { first_name: 'A', last_name: 'B', email: regular.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.field).toBe('email');
    expect((await svc.request('GET', '/api/v5/invitations/?all=true')).body.pagination.count).toBe(before);
  });
});

describe('the audit of invitations', () => {
  it('records the invitation by its inviter and the acceptance by the new user, never the token', async () => {
    const { token, email, item } = await invite();
    const a = await accept(token);
    const log = (await svc.request('GET', '/api/v5/audit/?limit=100')).body.data as { action: string; resource: string; user_id: number; resource_id: number; path: string; after: Record<string, unknown> | null }[];
    expect(log.find((e) => e.resource === 'invitations' && e.resource_id === item.id)).toMatchObject({ action: 'create', user_id: manager.userId, after: expect.objectContaining({ email }) });
    const acc = log.find((e) => e.action === 'accept_invitation' && e.resource_id === a.body.id)!;
    expect(acc).toMatchObject({ resource: 'users', user_id: a.body.id, path: '/api/v5/invitations/accept/{token}/' });
    expect(JSON.stringify(log)).not.toContain(token.split('.').pop());
    expect(JSON.stringify(log)).not.toContain(a.body.api_key);
  });
});

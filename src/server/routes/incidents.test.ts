import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MAX } from '../../shared/incident-response';
import { ACK_TOKEN_TTL_S, mintAckToken } from '../services/ack-tokens';
import { seedAlertTargetRows } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, ownerId, type TestUser } from '../testing/team';

const NOW = 1_700_000_000;
let svc: TestService;
let owner: number;
let regular: TestUser;
let alertId: number;
let theirs: number;

const message = (subject: string) => ({ subject, html: `<p>${subject}</p>`, json: '{}', text: `${subject}\n\ncpu high`, sms: subject });

/** A fresh open incident (or ended at `end`) of the main account. */
async function incident(end?: number): Promise<number> {
  const repo = svc.deps.store.alertHistories;
  const id = await repo.createHistory(svc.account.id, { alertId, start: NOW - 600, ...message('CPU high on web-1') });
  if (end !== undefined) await repo.endHistory(svc.account.id, id, end);
  return id;
}

const post = (path: string, opts: Parameters<TestService['request']>[2] = {}) => svc.request('POST', path, opts);
const ackPath = (id: number | string) => `/api/v5/alert_histories/${id}/acknowledge/`;
const unackPath = (id: number | string) => `/api/v5/alert_histories/${id}/unacknowledge/`;
const notesPath = (id: number | string) => `/api/v5/alert_histories/${id}/notes/`;
const timelinePath = (id: number | string) => `/api/v5/alert_histories/${id}/timeline/`;
const linkPath = (token: string) => `/api/v5/ack/${token}/`;

async function token(historyId: number, over: { userId?: number; expires?: number; accountId?: number } = {}) {
  const accountId = over.accountId ?? svc.account.id;
  const secret = await svc.deps.store.incidents.ackSecret(accountId);
  return mintAckToken(secret, { accountId, historyId, userId: over.userId ?? owner, expires: over.expires ?? NOW + ACK_TOKEN_TTL_S });
}

beforeAll(async () => {
  svc = await startTestService({}, () => NOW);
  const t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  owner = await ownerId(svc);
  regular = await createUser(svc, 3);
  const r = await post('/api/alerts/', { form: { name: 'cpu', type: 'Server', target_id: t.server, trigger_type: 'CPU', threshold: 90, users: [owner] } });
  alertId = r.body.id;
  theirs = await svc.deps.store.alertHistories.createHistory(svc.other.id, { alertId: 1, start: NOW - 60, ...message('theirs') });
});
afterAll(() => svc.close());

describe('acknowledge and un-acknowledge', () => {
  it('records who and when on every history answer, keeps the first acknowledgement, and audits', async () => {
    const id = await incident();
    const r = await post(ackPath(id), { as: regular });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, end: null, acknowledged_by: regular.userId, acknowledged_at: NOW, silenced: false });
    expect((await svc.request('GET', `/api/alert_histories/${id}/`)).body).toMatchObject({ acknowledged_by: regular.userId, acknowledged_at: NOW });
    const listed = (await svc.request('GET', '/api/alert_histories/', { form: { open: true } })).body.data.find((h: { id: number }) => h.id === id);
    expect(listed).toMatchObject({ acknowledged_by: regular.userId });

    const again = await post(ackPath(id));
    expect(again.status).toBe(200);
    expect(again.body.acknowledged_by).toBe(regular.userId);

    const audit = (await svc.request('GET', '/api/audit/', { form: { resource: 'alert_histories' } })).body.data;
    const entries = audit.filter((e: { resource_id: number; action: string }) => e.resource_id === id && e.action === 'acknowledge');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      user_id: regular.userId, before: expect.objectContaining({ acknowledged_by: null }), after: expect.objectContaining({ acknowledged_by: regular.userId }),
    });
  });

  it('un-acknowledges (any role), and the timeline shows both changes by name', async () => {
    const id = await incident();
    await post(ackPath(id));
    const r = await post(unackPath(id), { as: regular });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ acknowledged_by: null, acknowledged_at: null });
    const events = (await svc.request('GET', timelinePath(id))).body.data;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['triggered', 'acknowledged', 'unacknowledged']);
    expect(events[1]).toMatchObject({ user_id: owner, at: NOW });
    expect(events[2]).toMatchObject({ user_id: regular.userId, user_name: expect.stringMatching(/^User\d+ Test$/) });
  });

  it('refuses a resolved incident with 409 and changes nothing', async () => {
    const id = await incident(NOW - 60);
    for (const path of [ackPath(id), unackPath(id)]) {
      const r = await post(path);
      expect(r.status).toBe(409);
      expect(r.body.error.message).toMatch(/resolved/);
    }
    expect((await svc.request('GET', `/api/alert_histories/${id}/`)).body.acknowledged_by).toBeNull();
    expect((await svc.request('GET', timelinePath(id))).body.data.map((e: { kind: string }) => e.kind)).toEqual(['triggered', 'resolved']);
  });

  it.each([
    ['another account', () => theirs],
    ['a missing id', () => 999_999],
    ['a malformed id', () => 'abc'],
  ])('answers 404 for %s on every endpoint', async (_name, id) => {
    for (const [method, path] of [['POST', ackPath(id())], ['POST', unackPath(id())], ['GET', timelinePath(id())], ['POST', notesPath(id())]] as const) {
      const r = await svc.request(method, path, { form: method === 'POST' ? { text: 'x' } : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const rows = await svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM incident_notes WHERE account_id = ?', svc.other.id);
    expect(rows!.n).toBe(0);
    expect((await svc.request('GET', `/api/alert_histories/${theirs}/`, { as: svc.other })).body.acknowledged_by).toBeNull();
  });
});

describe('notes', () => {
  it('adds a note (Regular included) that comes back as the text written, markup and all', async () => {
    const id = await incident(NOW - 60);
    const text = '<script>alert("x")</script> & disk /var was full';
    const r = await post(notesPath(id), { as: regular, form: { text } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ kind: 'note', at: NOW, id: expect.any(Number), text, user_id: regular.userId, user_name: expect.stringMatching(/Test$/) });
    const t = await svc.request('GET', timelinePath(id));
    expect(t.headers.get('content-type')).toMatch(/^application\/json/);
    expect(t.body.data.find((e: { kind: string }) => e.kind === 'note').text).toBe(text);
    const audit = (await svc.request('GET', '/api/audit/', { form: { resource: 'alert_histories' } })).body.data;
    expect(audit.find((e: { action: string; resource_id: number }) => e.action === 'add_note' && e.resource_id === id)).toMatchObject({ user_id: regular.userId });
  });

  it.each([
    ['missing', { form: {} }, /text is required/],
    ['empty', { form: { text: '' } }, /must not be empty/],
    ['blank', { form: { text: '   \n ' } }, /must not be empty/],
    ['too long', { form: { text: 'x'.repeat(NOTE_MAX + 1) } }, /at most 4000/],
    ['not text (JSON)', { json: { text: 5 } }, /text/],
    ['null (JSON)', { json: { text: null } }, /text/],
    ['with NUL', { form: { text: 'a\u0000b' } }, /NUL/],
  ])('refuses a note %s with 400 naming text, storing nothing', async (_name, opts, message) => {
    const id = await incident();
    const r = await post(notesPath(id), opts);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, field: 'text', message: expect.stringMatching(message) });
    expect((await svc.request('GET', timelinePath(id))).body.data.some((e: { kind: string }) => e.kind === 'note')).toBe(false);
  });
});

describe('acknowledge links', () => {
  it('GET tells what the link names and changes nothing; POST acknowledges once as its recipient, with no sign-in', async () => {
    const id = await incident();
    const tok = await token(id, { userId: regular.userId });
    for (let i = 0; i < 2; i++) {
      const info = await svc.request('GET', linkPath(tok), { as: null });
      expect(info.status).toBe(200);
      expect(info.body).toEqual({ alert_history_id: id, subject: 'CPU high on web-1', start: NOW - 600, end: null, acknowledged_by: null, acknowledged_at: null, expires: NOW + ACK_TOKEN_TTL_S });
    }
    expect((await svc.request('GET', `/api/alert_histories/${id}/`)).body.acknowledged_by).toBeNull();

    const acted = await svc.request('POST', linkPath(tok), { as: null });
    expect(acted.status).toBe(200);
    expect(acted.body).toMatchObject({ id, acknowledged_by: regular.userId, acknowledged_at: NOW });
    const again = await svc.request('POST', linkPath(tok), { as: null });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ field: 'token', message: expect.stringMatching(/already used/) });
    expect((await svc.request('GET', linkPath(tok), { as: null })).body.error.message).toMatch(/already used/);

    const audit = (await svc.request('GET', '/api/audit/', { form: { resource: 'alert_histories' } })).body.data;
    const entry = audit.find((e: { action: string; resource_id: number }) => e.action === 'acknowledge_link' && e.resource_id === id);
    expect(entry).toMatchObject({ user_id: regular.userId, user_email: regular.email, path: '/api/v5/ack/{token}/' });
    expect(JSON.stringify(audit)).not.toContain(tok);
  });

  it('refuses forged, damaged and foreign links with 400, and expired ones with 410, acting on none', async () => {
    const id = await incident();
    const good = await token(id);
    const otherSecret = await token(id, { accountId: svc.other.id });
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const cases: [string, string, number, RegExp][] = [
      ['a changed signature', flip(good), 400, /not valid/],
      ['a changed history', good.replace(`.${id}.`, `.${id + 1}.`), 400, /not valid/],
      ['another account\'s secret', otherSecret.replace(`a1.${svc.other.id}.`, `a1.${svc.account.id}.`), 400, /not valid/],
      ['garbage', 'not-a-token', 400, /not valid/],
      ['an unknown account', good.replace(`a1.${svc.account.id}.`, 'a1.987654.'), 400, /not valid/],
      ['an expired link', await token(id, { expires: NOW - 1 }), 410, /expired/],
    ];
    for (const [name, tok, status, message] of cases) {
      for (const method of ['GET', 'POST']) {
        const r = await svc.request(method, linkPath(encodeURIComponent(tok)), { as: null });
        expect(r.status, `${name} ${method}`).toBe(status);
        expect(r.body.error).toMatchObject({ field: 'token', message: expect.stringMatching(message) });
      }
    }
    expect((await svc.request('GET', `/api/alert_histories/${id}/`)).body.acknowledged_by).toBeNull();
    expect((await svc.request('POST', linkPath(good), { as: null })).status).toBe(200);
  });

  it('answers 409 for a resolved incident and leaves the link unused', async () => {
    const id = await incident(NOW - 60);
    const tok = await token(id);
    const r = await svc.request('POST', linkPath(tok), { as: null });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/resolved/);
    expect((await svc.request('GET', linkPath(tok), { as: null })).status).toBe(200);
  });
});

describe('other routes', () => {
  it('keeps acknowledge links out of the notifications list every role reads', async () => {
    await svc.sql.run(
      `INSERT INTO notifications (account_id, alert_id, alert_history_id, user_id, channel, recipient, subject, body, state, created, event)
       VALUES (?, ?, NULL, ?, 'email', 'o@example.com', 's', 'Acknowledge: http://x/ack/a1.1.2.3.4.nonce-nonce-nonce.sig please', 'kept', ?, 'TRIGGERED')`,
      svc.account.id, alertId, owner, NOW,
    );
    const list = (await svc.request('GET', '/api/notifications/', { as: regular })).body.data;
    expect(list[0].body).toBe('Acknowledge: http://x/ack/{token} please');
  });
});

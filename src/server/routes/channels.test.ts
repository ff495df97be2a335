import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServerRow, startTestService, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let ownerId: number;
let server: number;
const SLACK = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx';
const KEY = 'R0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5';

beforeAll(async () => {
  // 192.0.2.0/24 (TEST-NET-1) stands for a network the operator denies.
  svc = await startTestService({ outboundNets: { deny: '192.0.2.0/24' } });
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  ownerId = (await svc.request('GET', '/api/me/')).body.id;
  server = await seedServerRow(svc.sql, svc.account.id, { hostname: 'web-1' });
});
afterAll(() => svc.close());

const create = (form: Record<string, unknown>, as?: TestUser | TestService['account']) => svc.request('POST', '/api/v5/channels/', { form, as });
const count = async () => (await svc.request('GET', '/api/v5/channels/')).body.pagination.count as number;

describe('channels', () => {
  it('creates each type, answers secrets masked, updates keeping a secret left out, deletes', async () => {
    const s = await create({ name: 'ops', type: 'slack', webhook_url: SLACK }, manager);
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body).toEqual({ id: expect.any(Number), name: 'ops', type: 'slack', webhook_url: 'https://hooks.slack.com/services/T0***', created: expect.any(Number), updated: expect.any(Number) });
    const p = await create({ name: 'pager', type: 'pagerduty', routing_key: KEY });
    expect(p.body).toMatchObject({ type: 'pagerduty', routing_key: 'R0***', severity: 'critical' });
    const w = await create({ name: 'am', type: 'webhook', url: 'https://am.example.com/hook?token=abc123', auth_type: 'bearer', auth_token: 'tok-secret-1' });
    expect(w.body).toMatchObject({ type: 'webhook', url: 'https://am.example.com/***', auth_type: 'bearer' });
    expect(JSON.stringify(w.body)).not.toContain('tok-secret-1');
    const t = await create({ name: 'teams', type: 'msteams', webhook_url: 'https://prod-12.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=SIGSECRET' });
    expect(t.status).toBe(201);
    expect(JSON.stringify(t.body)).not.toContain('SIGSECRET');

    const renamed = await svc.request('PUT', `/api/v5/channels/${p.body.id}/`, { form: { name: 'pager-2', severity: 'warning' }, as: manager });
    expect(renamed.body).toMatchObject({ name: 'pager-2', severity: 'warning', routing_key: 'R0***' });
    const stored = await svc.sql.get<{ settings: unknown }>('SELECT settings FROM channels WHERE id = ?', p.body.id);
    expect(JSON.stringify(stored!.settings)).toContain(KEY);
    // A webhook's credential stays with its receiver: a new url needs it again.
    const moved = await svc.request('PUT', `/api/v5/channels/${w.body.id}/`, { form: { url: 'https://other.example.com/hook' } });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ field: 'auth_token' });
    expect((await svc.request('PUT', `/api/v5/channels/${w.body.id}/`, { form: { type: 'slack' } })).body.error).toMatchObject({ field: 'type' });

    const list = (await svc.request('GET', '/api/v5/channels/', { as: regular })).body.data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['ops', 'pager-2', 'am', 'teams']);
    expect(JSON.stringify(list)).not.toMatch(/abcdefghijklmnop|R0c1d2|tok-secret|SIGSECRET|abc123/);

    expect((await svc.request('DELETE', `/api/v5/channels/${t.body.id}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/v5/channels/${t.body.id}/`)).status).toBe(404);
  });

  it('never writes a secret to the audit log', async () => {
    const c = await create({ name: 'audited', type: 'slack', webhook_url: SLACK.replace('abcdef', 'zzzzzz') });
    await svc.request('PUT', `/api/v5/channels/${c.body.id}/`, { form: { webhook_url: SLACK.replace('abcdef', 'yyyyyy') } });
    const audit = (await svc.request('GET', '/api/v5/audit/?resource=channels')).body.data;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(JSON.stringify(audit)).not.toMatch(/zzzzzz|yyyyyy/);
    expect(JSON.stringify(audit)).toContain('https://hooks.slack.com/services/T0***');
  });

  it.each([
    [{ type: 'slack' }, 'webhook_url', 'webhook_url is required'],
    [{ type: 'slack', webhook_url: 'ftp://x.example.com/' }, 'webhook_url', 'http or https'],
    [{ type: 'slack', webhook_url: 'https://u:p@x.example.com/' }, 'webhook_url', 'without user:password'],
    [{ type: 'slack', webhook_url: SLACK, routing_key: KEY }, 'routing_key', 'does not apply to a slack channel'],
    [{ type: 'pagerduty', routing_key: 'short' }, 'routing_key', 'integration key'],
    [{ type: 'pagerduty', routing_key: KEY, severity: 'fatal' }, 'severity', 'must be one of'],
    [{ type: 'webhook', url: 'https://a.example.com/', auth_type: 'basic', auth_username: 'u' }, 'auth_password', 'auth_password'],
    [{ type: 'sms', url: 'https://a.example.com/' }, 'type', 'must be one of'],
    [{ type: 'webhook', url: 'http://127.0.0.1:9/hook' }, 'url', 'loopback'],
    [{ type: 'slack', webhook_url: 'http://169.254.169.254/latest/meta-data/' }, 'webhook_url', 'never contacted'],
    [{ type: 'msteams', webhook_url: 'http://192.0.2.10/hook' }, 'webhook_url', 'denied network'],
    [{ type: 'webhook', url: 'http://localhost:9/hook' }, 'url', 'not reachable by policy'],
  ])('refuses %j with a 400 naming %s, storing nothing', async (form, field, message) => {
    const before = await count();
    const r = await create({ name: 'bad', ...form });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('lets a Regular user read but not write or test', async () => {
    const c = await create({ name: 'mgr', type: 'pagerduty', routing_key: KEY });
    expect((await create({ name: 'r', type: 'pagerduty', routing_key: KEY }, regular)).status).toBe(403);
    expect((await svc.request('PUT', `/api/v5/channels/${c.body.id}/`, { form: { name: 'x' }, as: regular })).status).toBe(403);
    expect((await svc.request('DELETE', `/api/v5/channels/${c.body.id}/`, { as: regular })).status).toBe(403);
    expect((await svc.request('POST', `/api/v5/channels/${c.body.id}/test/`, { as: regular })).status).toBe(403);
    expect((await svc.request('GET', `/api/v5/channels/${c.body.id}/`, { as: regular })).status).toBe(200);
    expect((await svc.request('GET', `/api/v5/channels/${c.body.id}/deliveries/`, { as: regular })).status).toBe(200);
  });

  it("answers 404 for another account's channel everywhere, and refuses it on an alert", async () => {
    const theirs = await create({ name: 'theirs', type: 'pagerduty', routing_key: KEY }, svc.other);
    expect(theirs.status).toBe(201);
    const id = theirs.body.id as number;
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', 'test/'], ['GET', 'deliveries/']] as const) {
      const r = await svc.request(method, `/api/v5/channels/${id}/${path}`, method === 'PUT' ? { form: { name: 'x' } } : {});
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const a = await svc.request('POST', '/api/alerts/', { form: { name: 'cpu', users: [ownerId], type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [id] } });
    expect(a.status).toBe(400);
    expect(a.body.error).toMatchObject({ field: 'channels', message: `channels: no channel with id ${id}` });
  });

  it('puts channels on alerts (create, update, read back) and takes a deleted channel off them', async () => {
    const a = (await create({ name: 'a', type: 'pagerduty', routing_key: KEY })).body.id as number;
    const b = (await create({ name: 'b', type: 'slack', webhook_url: SLACK })).body.id as number;
    const al = await svc.request('POST', '/api/alerts/', { form: { name: 'cpu', users: [ownerId], type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [a, b] } });
    expect(al.status, JSON.stringify(al.body)).toBe(201);
    expect(al.body.channels).toEqual([a, b]);
    expect((await svc.request('POST', '/api/alerts/', { form: { name: 'plain', users: [ownerId], type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50 } })).body.channels).toEqual([]);
    expect((await svc.request('PUT', `/api/alerts/${al.body.id}/`, { form: { channels: [b] } })).body.channels).toEqual([b]);
    expect((await svc.request('PUT', `/api/alerts/${al.body.id}/`, { form: { channels: [b, 999999] } })).status).toBe(400);
    expect((await svc.request('DELETE', `/api/v5/channels/${b}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/alerts/${al.body.id}/`)).body.channels).toEqual([]);
  });

  it('queues a test message, answered pending, in the delivery log', async () => {
    const c = (await create({ name: 'tested', type: 'slack', webhook_url: SLACK })).body.id as number;
    const t = await svc.request('POST', `/api/v5/channels/${c}/test/`);
    expect(t.status).toBe(202);
    expect(t.body).toMatchObject({ channel_id: c, event: 'TEST', state: 'pending', attempts: 0, alert_id: null, alert_history_id: null });
    const log = (await svc.request('GET', `/api/v5/channels/${c}/deliveries/`)).body;
    expect(log.data.map((d: { id: number }) => d.id)).toEqual([t.body.id]);
    expect((await svc.request('GET', `/api/v5/channels/${c}/deliveries/${t.body.id}/`)).body).toMatchObject({ id: t.body.id, attempt_log: [] });
  });

  it('is in the OpenAPI document, with the alert channels field', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v5/channels/', '/api/v5/channels/{id}/', '/api/v5/channels/{id}/test/', '/api/v5/channels/{id}/deliveries/']));
    expect(JSON.stringify(doc.paths['/api/v5/alerts/'].post)).toContain('channels');
  });
});

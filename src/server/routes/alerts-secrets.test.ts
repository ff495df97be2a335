import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let t: AlertTargets;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'sec-1');
});
afterAll(() => svc.close());

const A = 'https://a.example.com/hook';
const B = 'https://b.example.com/hook';
const C = 'https://c.example.com/hook';
const AUTH = btoa('u:p');

/** An alert whose subscribers are A (secret a), B with Basic auth (secret b) and C (no secret). */
async function alertWithSecrets() {
  const r = await svc.request('POST', '/api/alerts/', {
    form: {
      name: 'cpu', type: 'Server', target_id: t.server, trigger_type: 'CPU', threshold: 90, users: [t.owner],
      subscribers: [{ url: A, secret: 'a' }, { url: B, auth: AUTH, type: 'post', secret: 'b' }, C],
    },
  });
  expect(r.status).toBe(201);
  return r.body;
}

/** The secrets as stored, in list order (they are never answered). */
const storedSecrets = async (id: number): Promise<(string | null)[]> => {
  const row = (await svc.sql.get<{ subscribers: string | null }>('SELECT CAST(subscribers AS TEXT) AS subscribers FROM alerts WHERE id = ?', id))!;
  return row.subscribers === null ? [] : (JSON.parse(row.subscribers) as { secret: string | null }[]).map((s) => s.secret);
};

describe('alerts: subscriber secrets survive editing', () => {
  it('answers has_secret, never the secret, on create, get and list', async () => {
    const a = await alertWithSecrets();
    expect(a.subscribers).toEqual([
      { url: A, auth: null, type: 'get', event: 'BOTH', has_secret: true },
      { url: B, auth: AUTH, type: 'post', event: 'BOTH', has_secret: true },
      { url: C, auth: null, type: 'get', event: 'BOTH', has_secret: false },
    ]);
    const one = await svc.request('GET', `/api/alerts/${a.id}/`);
    const list = await svc.request('GET', '/api/alerts/');
    for (const body of [a, one.body, list.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain('"secret"');
      expect(text).not.toMatch(/"[ab]"/);
    }
    expect(await storedSecrets(a.id)).toEqual(['a', 'b', null]);
  });

  it('keeps every secret when the subscribers of a GET are PUT back unchanged', async () => {
    const a = await alertWithSecrets();
    const got = (await svc.request('GET', `/api/alerts/${a.id}/`)).body;
    for (const put of [{ form: { subscribers: got.subscribers } }, { json: { subscribers: got.subscribers } }]) {
      const u = await svc.request('PUT', `/api/alerts/${a.id}/`, put);
      expect(u.status).toBe(200);
      expect(u.body.subscribers).toEqual(got.subscribers);
      expect(await storedSecrets(a.id)).toEqual(['a', 'b', null]);
    }
  });

  it.each<[string, unknown[], (string | null)[]]>([
    ['entries that omit secret keep it, whatever their type and event', [{ url: A, type: 'post', event: 'TRIGGERED' }, { url: B, auth: AUTH }, C], ['a', 'b', null]],
    ['a bare url string keeps the secret of that url', [A, { url: B, auth: AUTH }], ['a', 'b']],
    ['"secret": "" removes it', [{ url: A, secret: '' }, { url: B, auth: AUTH }], [null, 'b']],
    ['"secret": null removes it', [{ url: A, secret: null }, { url: B, auth: AUTH, secret: null }], [null, null]],
    ['a new value replaces it', [{ url: A, secret: 'a2' }, { url: B, auth: AUTH }], ['a2', 'b']],
    ['a secret may be set on a subscriber that had none', [{ url: C, secret: 'c' }], ['c']],
    ['reordered subscribers keep their own secrets', [C, { url: B, auth: AUTH }, A], [null, 'b', 'a']],
    ['a changed url does not inherit a secret', [{ url: 'https://a2.example.com/hook' }, { url: B, auth: AUTH }], [null, 'b']],
    ['changed credentials do not inherit a secret', [A, { url: B, auth: btoa('u:other') }], ['a', null]],
    ['dropped credentials do not inherit a secret', [A, { url: B }], ['a', null]],
    ['a removed subscriber takes its secret with it', [C], [null]],
    ['a url spelled differently but equal keeps it', ['HTTPS://A.EXAMPLE.COM/hook'], ['a']],
  ])('%s', async (_name, subscribers, secrets) => {
    const a = await alertWithSecrets();
    const u = await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers } });
    expect(u.status).toBe(200);
    expect(await storedSecrets(a.id)).toEqual(secrets);
    expect(u.body.subscribers.map((s: { has_secret: boolean }) => s.has_secret)).toEqual(secrets.map((s) => s !== null));
  });

  it('matches two entries of the same url and credentials in order', async () => {
    const a = await alertWithSecrets();
    await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: [{ url: A, secret: 'x', event: 'TRIGGERED' }, { url: A, secret: 'y', event: 'RESOLVED' }] } });
    const got = (await svc.request('GET', `/api/alerts/${a.id}/`)).body;
    await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: got.subscribers } });
    expect(await storedSecrets(a.id)).toEqual(['x', 'y']);
    await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: [{ url: A, event: 'RESOLVED' }] } });
    expect(await storedSecrets(a.id)).toEqual(['x']);
  });

  it('keeps secrets when other values change and loses them only with the subscribers ([] clears)', async () => {
    const a = await alertWithSecrets();
    await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { name: 'renamed', threshold: 95 } });
    expect(await storedSecrets(a.id)).toEqual(['a', 'b', null]);
    await svc.request('PUT', `/api/alerts/${a.id}/`, { form: { subscribers: '[]' } });
    await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: [A] } });
    expect(await storedSecrets(a.id)).toEqual([null]);
  });

  it('ignores has_secret sent back and refuses a secret that is not text', async () => {
    const a = await alertWithSecrets();
    await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: [{ url: A, has_secret: false }, { url: C, has_secret: true }] } });
    expect(await storedSecrets(a.id)).toEqual(['a', null]);
    const bad = await svc.request('PUT', `/api/alerts/${a.id}/`, { json: { subscribers: [{ url: A, secret: 42 }] } });
    expect(bad.body.error).toEqual({ status: 400, message: 'each subscriber secret must be text of at most 256 characters', field: 'subscribers' });
    expect(await storedSecrets(a.id)).toEqual(['a', null]);
  });

  it("never reads another account's alert", async () => {
    const a = await alertWithSecrets();
    const r = await svc.request('PUT', `/api/alerts/${a.id}/`, { as: svc.other, json: { subscribers: [A] } });
    expect(r.status).toBe(404);
    expect(await storedSecrets(a.id)).toEqual(['a', 'b', null]);
  });

  it('is stated in the OpenAPI document: secret write-only on input, has_secret in the answer', async () => {
    const doc = (await svc.request('GET', '/api/v5/openapi.json', { as: null })).body;
    const put = doc.paths['/api/v5/alerts/{id}/'].put;
    const field = put.requestBody.content['application/json'].schema.properties.subscribers;
    const secret = field.anyOf[0].items.anyOf[1].properties.secret;
    expect(secret).toMatchObject({ writeOnly: true, description: expect.stringMatching(/leaves secret out keeps the stored secret/) });
    const answered = put.responses['200'].content['application/json'].schema.properties.subscribers.anyOf[0].items;
    expect(Object.keys(answered.properties)).toEqual(['url', 'auth', 'type', 'event', 'has_secret']);
    expect(answered.properties.has_secret.description).toMatch(/never answered/);
  });
});

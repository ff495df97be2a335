import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser } from '../testing/team';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const now = () => Math.floor(Date.now() / 1000);
const alert = (name: string) => [{ labels: { alertname: name, job: 'fw' }, startsAt: new Date().toISOString(), endsAt: new Date((now() + 240) * 1000).toISOString() }];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const postAs = (body: unknown, headers: Record<string, string>) => svc.request('POST', '/api/v2/alerts', { json: body, headers, as: null });
const names = async (as = svc.account) => ((await svc.request('GET', '/api/v5/external_alerts/', { as })).body.data as { alertname: string }[]).map((a) => a.alertname).sort();

describe('ingest tokens and who may post external alerts', () => {
  it('a Manager makes a token shown once; the list masks it; the token posts; revoking it stops it', async () => {
    const made = await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'prometheus-eu' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = made.body.token as string;
    expect(token).toMatch(/^fwi_[A-Za-z0-9_-]{32}$/);
    expect(made.body.token_hint).toBe(`${token.slice(0, 10)}…`);

    const list = await svc.request('GET', '/api/v5/ingest_tokens/');
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(token.slice(4));
    expect(list.body.data[0]).toMatchObject({ id: made.body.id, name: 'prometheus-eu', last_used: null });
    // Only the hash is stored.
    const stored = await svc.sql.all<{ token_hash: string }>('SELECT token_hash FROM ingest_tokens');
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    // The audit log has the create, masked.
    const audit = await svc.request('GET', '/api/v5/audit/?resource=ingest_tokens');
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).not.toContain(token.slice(4));

    expect((await postAs(alert('ByToken'), bearer(token))).status).toBe(200);
    expect(await names()).toEqual(['ByToken']);
    expect((await svc.request('GET', `/api/v5/ingest_tokens/${made.body.id}/`)).body.last_used).not.toBeNull();

    // A wrong or damaged token is a 401 and stores nothing.
    // The last character changed (never to itself: a token may end in 'x').
    for (const bad of [`${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, 'fwi_short', token.slice(4)]) {
      const r = await postAs(alert('Wrong'), bearer(bad));
      expect(r.status).toBe(401);
      expect(r.body.error.message).toMatch(/ingest token/);
    }
    expect((await svc.request('DELETE', `/api/v5/ingest_tokens/${made.body.id}/`)).status).toBe(200);
    expect((await postAs(alert('Revoked'), bearer(token))).status).toBe(401);
    expect(await names()).toEqual(['ByToken']);
  });

  it('a user key (Basic) posts too, any role; no credentials is 401', async () => {
    const regular = await createUser(svc, 3);
    expect((await svc.request('POST', '/api/v2/alerts', { json: alert('ByKey'), as: regular })).status).toBe(200);
    expect(await names()).toContain('ByKey');
    const none = await postAs(alert('Nobody'), {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/Basic/);
  });

  it('Regular users may neither make nor list tokens', async () => {
    const regular = await createUser(svc, 3);
    expect((await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'x' }, as: regular })).status).toBe(403);
    expect((await svc.request('GET', '/api/v5/ingest_tokens/', { as: regular })).status).toBe(403);
    expect((await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: '' } })).status).toBe(400);
  });

  it("another account's token posts into that account only, and neither account reads the other's", async () => {
    const theirs = await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'theirs' }, as: svc.other });
    expect(theirs.status).toBe(201);
    expect((await postAs(alert('TheirAlert'), bearer(theirs.body.token))).status).toBe(200);
    expect(await names(svc.other)).toEqual(['TheirAlert']);
    expect(await names()).not.toContain('TheirAlert');

    const mine = (await svc.request('GET', '/api/v5/external_alerts/')).body.data[0];
    expect((await svc.request('GET', `/api/v5/external_alerts/${mine.id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('GET', `/api/v5/alert_histories/${mine.incident_id}/`, { as: svc.other })).status).toBe(404);
    expect((await svc.request('POST', `/api/v5/alert_histories/${mine.incident_id}/acknowledge/`, { as: svc.other })).status).toBe(404);
    // Nor revoke or see its tokens.
    expect((await svc.request('DELETE', `/api/v5/ingest_tokens/${theirs.body.id}/`)).status).toBe(404);
    expect((await svc.request('GET', `/api/v5/ingest_tokens/${theirs.body.id}/`)).status).toBe(404);
  });
});

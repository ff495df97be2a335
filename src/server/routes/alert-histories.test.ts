import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../testing/alert-seeds';
import { startTestService, type TestService } from '../testing/harness';

const NOW = 1_700_000_000;
let svc: TestService;
let t: AlertTargets;
let alertA: number;
let alertB: number;
const h: Record<string, number> = {};
let foreign: number;

const message = (subject: string) => ({
  subject,
  html: `<p>${subject}</p><script>alert(1)</script>`,
  json: JSON.stringify({ subject, alert_type: 'CPU', body: 'cpu high' }),
  text: `${subject}\ncpu high`,
  sms: subject.slice(0, 20),
});

beforeAll(async () => {
  svc = await startTestService({}, () => NOW);
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  const theirs = await seedAlertTargetRows(svc.sql, svc.other.id, 'their-1');
  const mk = async (name: string) =>
    (await svc.request('POST', '/api/alerts/', { form: { name, type: 'Server', target_id: t.server, trigger_type: 'CPU', threshold: 90, users: [t.owner] } })).body.id as number;
  alertA = await mk('a');
  alertB = await mk('b');
  const repo = svc.deps.store.alertHistories;
  // Seeded through the repo: the alert engine writes these in production.
  h.a1 = await repo.createHistory(svc.account.id, { alertId: alertA, start: NOW - 3000, ...message('A first') });
  h.b1 = await repo.createHistory(svc.account.id, { alertId: alertB, start: NOW - 2000, ...message('B first') });
  h.a2 = await repo.createHistory(svc.account.id, { alertId: alertA, start: NOW - 1000, ...message('A second') });
  h.future = await repo.createHistory(svc.account.id, { alertId: alertA, start: NOW + 600, ...message('A future') });
  await repo.endHistory(svc.account.id, h.a1!, NOW - 2500);
  foreign = await repo.createHistory(svc.other.id, { alertId: 1, start: NOW - 100, ...message('theirs') });
  expect(theirs.server).toBeGreaterThan(0);
});
afterAll(() => svc.close());

const ids = (body: { data: { id: number }[] }) => body.data.map((x) => x.id);

describe('alert histories', () => {
  it('lists by incident start up to now, most recent first', async () => {
    const r = await svc.request('GET', '/api/alert_histories/');
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([h.a2, h.b1, h.a1]);
    expect(r.body.pagination).toEqual({ count: 3, next: null, previous: null });
    expect(r.body.data[2]).toEqual({
      id: h.a1,
      start: NOW - 3000,
      end: NOW - 2500,
      alert_id: alertA,
      alert_name: 'a',
      alert_type: 'Server',
      subject: 'A first',
      message: `/api/v5/alert_histories/${h.a1}/message/`,
      servers: [],
      server_id: null,
      url: `/api/v5/alert_histories/${h.a1}/`,
      acknowledged_by: null,
      acknowledged_at: null,
      silenced: false,
    });
    expect(r.body.data[0].end).toBeNull();
  });

  it('selects with start, end and filter, and pages with limit or num', async () => {
    const range = await svc.request('GET', '/api/alert_histories/', { form: { start: NOW - 2000, end: NOW + 600 } });
    expect(ids(range.body)).toEqual([h.future, h.a2, h.b1]);
    const byAlert = await svc.request('GET', '/api/alert_histories/', { form: { filter: [alertB] } });
    expect(ids(byAlert.body)).toEqual([h.b1]);
    const num = await svc.request('GET', '/api/alert_histories/?num=2');
    expect(ids(num.body)).toEqual([h.a2, h.b1]);
    expect(num.body.pagination.next).toBe('/api/v5/alert_histories/?num=2&page=1');
    const page = await svc.request('GET', '/api/v5/alert_histories?limit=2&page=1&num=1');
    expect(ids(page.body)).toEqual([h.a1]);
  });

  it('counts every page right (partial, full, past the end), and lists each history as GET of it answers', async () => {
    const all = await svc.request('GET', '/api/alert_histories/', { form: { end: NOW + 600 } });
    expect(ids(all.body)).toEqual([h.future, h.a2, h.b1, h.a1]);
    for (const x of all.body.data) expect(x).toEqual((await svc.request('GET', `/api/alert_histories/${x.id}/`)).body);
    for (const limit of [1, 2, 3, 4, 5]) {
      for (let page = 0; page <= Math.ceil(4 / limit) + 1; page++) {
        const r = await svc.request('GET', '/api/alert_histories/', { form: { end: NOW + 600, limit, page } });
        expect(r.body.pagination.count, `limit ${limit} page ${page}`).toBe(4);
        expect(ids(r.body)).toEqual(ids(all.body).slice(page * limit, (page + 1) * limit));
      }
    }
    const open = await svc.request('GET', '/api/alert_histories/', { form: { open: 'true', limit: 1, page: 5 } });
    expect(open.body.pagination.count).toBe(2);
  });

  it('lists the incidents open now whatever their start with open=true, the ended ones with open=false', async () => {
    const open = await svc.request('GET', '/api/alert_histories/?open=true');
    expect(ids(open.body)).toEqual([h.a2, h.b1]);
    expect(open.body.pagination.count).toBe(2);
    // A start bound still applies when given, and so does the filter.
    expect(ids((await svc.request('GET', '/api/alert_histories/', { form: { open: 'true', start: NOW - 1500 } })).body)).toEqual([h.a2]);
    expect(ids((await svc.request('GET', '/api/alert_histories/', { form: { open: 'true', filter: [alertB] } })).body)).toEqual([h.b1]);
    expect(ids((await svc.request('GET', '/api/alert_histories/?open=false')).body)).toEqual([h.a1]);
    const bad = await svc.request('GET', '/api/alert_histories/?open=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { status: 400, message: 'open must be true or false', field: 'open' } });
  });

  it('takes an empty filter as no filter, and an empty list as no alert (so no history)', async () => {
    const all = ids((await svc.request('GET', '/api/alert_histories/')).body);
    expect(all.length).toBeGreaterThan(1);
    expect(ids((await svc.request('GET', '/api/alert_histories/?filter=')).body)).toEqual(all);
    const none = await svc.request('GET', '/api/alert_histories/?filter=[]');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ pagination: { count: 0, next: null, previous: null }, data: [] });
  });

  it('keeps the histories of a deleted alert readable', async () => {
    expect((await svc.request('DELETE', `/api/alerts/${alertB}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/alert_histories/${h.b1}/`)).body.alert_id).toBe(alertB);
    expect(ids((await svc.request('GET', '/api/alert_histories/', { form: { filter: `[${alertB}]` } })).body)).toEqual([h.b1]);
  });

  it.each([
    [{ start: 'yesterday' }, 'start', 'start must be an integer'],
    [{ end: -5 }, 'end', 'end must be at least 0'],
    [{ start: 10, end: 5 }, 'start', 'start must not be after end'],
    [{ filter: '1,2' }, 'filter', 'filter must be a JSON list'],
    [{ filter: '["x"]' }, 'filter', 'each id in filter must be an integer'],
    [{ num: 0 }, 'num', 'num must be between 1 and 2500'],
    [{ limit: 9999 }, 'limit', 'limit must be between 1 and 2500'],
    [{ page: -1 }, 'page', 'page must be between 0 and 3602879701896'],
  ])('refuses %j with 400 on %s', async (form, field, msg) => {
    const r = await svc.request('GET', '/api/alert_histories/', { form });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { status: 400, message: msg, field } });
  });

  it('answers one history and its message in every form', async () => {
    expect((await svc.request('GET', `/api/alert_histories/${h.a2}`)).body.subject).toBe('A second');
    const m = await svc.request('GET', `/api/alert_histories/${h.a2}/message/`);
    expect(m.status).toBe(200);
    expect(m.body).toEqual({ id: h.a2, ...message('A second'), view: `/api/v5/alert_histories/${h.a2}/message/view/` });
    expect(JSON.parse(m.body.json)).toMatchObject({ subject: 'A second', alert_type: 'CPU', body: 'cpu high' });
  });

  it('serves the html view sandboxed, without scripts', async () => {
    const v = await svc.request('GET', `/api/alert_histories/${h.a2}/message/view/`);
    expect(v.status).toBe(200);
    expect(v.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = v.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toMatch(/script-src/);
    expect(v.headers.get('x-content-type-options')).toBe('nosniff');
    expect(v.body).toContain('<title>A second</title>');
    expect(v.body).toContain('<p>A second</p>');
  });

  it("hides another account's history exactly like a missing one", async () => {
    const missing = await svc.request('GET', '/api/alert_histories/99999999/');
    expect(missing.status).toBe(404);
    for (const suffix of ['', 'message/', 'message/view/']) {
      const r = await svc.request('GET', `/api/alert_histories/${foreign}/${suffix}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect(ids((await svc.request('GET', '/api/alert_histories/', { form: { filter: [1] } })).body)).not.toContain(foreign);
    expect((await svc.request('GET', `/api/alert_histories/${foreign}/`, { as: svc.other })).body.subject).toBe('theirs');
  });

  it('requires authentication', async () => {
    for (const p of ['/api/alert_histories/', `/api/alert_histories/${h.a1}/`, `/api/alert_histories/${h.a1}/message/view/`]) {
      expect((await svc.request('GET', p, { as: null })).status).toBe(401);
    }
  });
});

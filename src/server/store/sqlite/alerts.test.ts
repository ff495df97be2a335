import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertTargetRows, type AlertTargets } from '../../testing/alert-seeds';
import { startTestService, type TestService } from '../../testing/harness';

let svc: TestService;
let t: AlertTargets;
let theirs: AlertTargets;
beforeAll(async () => {
  svc = await startTestService();
  t = await seedAlertTargetRows(svc.sql, svc.account.id, 'web-1');
  theirs = await seedAlertTargetRows(svc.sql, svc.other.id, 'their-1');
});
afterAll(() => svc.close());

const create = async (as: 'mine' | 'theirs', extra: Record<string, unknown> = {}) => {
  const [acct, tg] = as === 'mine' ? [svc.account, t] : [svc.other, theirs];
  const r = await svc.request('POST', '/api/alerts/', {
    as: acct,
    form: { name: as, type: 'Server', target_id: tg.server, trigger_type: 'CPU', threshold: 80, users: [tg.owner], ...extra },
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
};

describe('alert repo: what the alert engine uses', () => {
  it('lists active alerts with parsed users and subscribers (secrets included)', async () => {
    const on = await create('mine', { subscribers: [{ url: 'https://cb.example.com/', secret: 'shh', event: 'RESOLVED' }] });
    const off = await create('mine', { active: false });
    const other = await create('theirs');
    const mine = await svc.deps.store.alerts.listActive(svc.account.id);
    expect(mine.map((a) => a.id)).toEqual([on]);
    expect(mine[0]).toMatchObject({
      accountId: svc.account.id,
      type: 'Server',
      target_id: String(t.server),
      threshold: 80,
      users: [{ id: t.owner, sendemail: true, sendsms: false, pushnotification: false }],
      subscribers: [{ url: 'https://cb.example.com/', auth: null, type: 'get', event: 'RESOLVED', secret: 'shh' }],
    });
    const all = await svc.deps.store.alerts.listAllActive();
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([on, other]));
    expect(all.map((a) => a.id)).not.toContain(off);
  });

  it('sets and clears an incident, scoped to the account', async () => {
    const id = await create('mine');
    const repo = svc.deps.store.alerts;
    expect(await repo.setIncident(svc.other.id, id, true, 123)).toBe(false);
    expect(await repo.setIncident(svc.account.id, id, true, 1_700_000_000)).toBe(true);
    expect((await svc.request('GET', `/api/alerts/${id}/`)).body).toMatchObject({ in_incident: true, last_triggered: 1_700_000_000 });
    expect(await repo.setIncident(svc.account.id, id, false)).toBe(true);
    expect((await svc.request('GET', `/api/alerts/${id}/`)).body).toMatchObject({ in_incident: false, last_triggered: 1_700_000_000 });
  });
});

describe('alert history repo', () => {
  it('creates, finds open, and ends incidents per account', async () => {
    const repo = svc.deps.store.alertHistories;
    const msg = { subject: 's', html: '<p>h</p>', json: '{}', text: 't', sms: 'm' };
    const first = await repo.createHistory(svc.account.id, { alertId: 7, start: 100, ...msg });
    const second = await repo.createHistory(svc.account.id, { alertId: 7, start: 200, ...msg });
    expect((await repo.openFor(svc.account.id, 7))?.id).toBe(second);
    expect(await repo.openFor(svc.other.id, 7)).toBeNull();
    expect(await repo.endHistory(svc.other.id, second, 300)).toBe(false);
    expect(await repo.endHistory(svc.account.id, second, 300)).toBe(true);
    expect((await repo.openFor(svc.account.id, 7))?.id).toBe(first);
    expect(await repo.get(svc.account.id, second)).toEqual({ id: second, alertId: 7, alertName: '', alertType: '', start: 200, end: 300, ...msg, acknowledgedBy: null, acknowledgedAt: null, silenced: false, triggerValue: null, servers: [], serverId: null, labels: null, generatorUrl: null });
    expect(await repo.get(svc.other.id, second)).toBeNull();
  });
});

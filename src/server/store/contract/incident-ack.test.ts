import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_ALERT, type IncidentPlan } from '../repos/alert-engine';
import type { Store } from '../store';
import { startTestService, type TestService } from '../../testing/harness';
import { registerTestServer } from '../../testing/ingest';

// The store's side of acknowledgement, through the Store interface only (both backends): a reminder
// decided before an acknowledgement landed is not written, and the incident reads as acknowledged;
// a per_server alert's incidents (one per server) are acknowledged each on its own.
let svc: TestService;
let store: Store;
let alertId: number;
let owner: number;
const T0 = Math.floor(Date.now() / 60_000) * 60 - 3600;
const message = { subject: 's', html: '<p>h</p>', json: '{}', text: 't', sms: 's' };

beforeEach(async () => {
  svc = await startTestService();
  store = svc.deps.store;
  const server = await registerTestServer(svc, 'ack-contract');
  owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
  alertId = (await svc.request('POST', '/api/alerts/', { form: { name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner] } })).body.id;
});
afterEach(async () => svc.close());

const startOf = (forAlert: number, subject: number): IncidentPlan => ({
  kind: 'start',
  minute: T0,
  subject,
  servers: [],
  value: 97.5,
  render: () => message,
  callbacks: () => [],
  notifications: (historyId) => [{ alertId: forAlert, historyId, userId: owner, channel: 'email', event: 'TRIGGERED', recipient: 'o@example.com', subject: 's', body: 't', html: null, host: null }],
});
const remindOf = (forAlert: number, subject: number, historyId: number): IncidentPlan => ({
  kind: 'remind',
  minute: T0 + 600,
  subject,
  historyId,
  lastNotified: T0,
  message,
  notifications: (id) => [{ alertId: forAlert, historyId: id, userId: owner, channel: 'email', event: 'REMINDER', recipient: 'o@example.com', subject: 's', body: 't', html: null, host: null }],
});
const start = (): IncidentPlan => startOf(alertId, WHOLE_ALERT);
const remind = (historyId: number): IncidentPlan => remindOf(alertId, WHOLE_ALERT, historyId);

describe('acknowledgement in the store', () => {
  it('keeps the triggering value, reads the incident as acknowledged, and writes no reminder decided before the acknowledgement', async () => {
    const a = svc.account.id;
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: start() }] })).started).toBe(1);
    const incident = (await store.alertEngine.incident(a, alertId, WHOLE_ALERT))!;
    expect(incident.acknowledged).toBe(false);
    expect((await store.alertHistories.get(a, incident.historyId))!.triggerValue).toBe(97.5);

    expect((await store.incidents.acknowledge(a, incident.historyId, owner, T0 + 300)).kind).toBe('done');
    expect((await store.alertEngine.incident(a, alertId, WHOLE_ALERT))!.acknowledged).toBe(true);
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: remind(incident.historyId) }] })).notifications).toBe(0);

    expect((await store.incidents.unacknowledge(a, incident.historyId, owner, T0 + 500)).kind).toBe('done');
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: remind(incident.historyId) }] })).notifications).toBe(1);
    const events = (await svc.sql.all<{ event: string }>('SELECT event FROM notifications WHERE account_id = ? ORDER BY id', a)).map((r) => r.event);
    expect(events).toEqual(['TRIGGERED', 'REMINDER']);
  });

  it('records a silenced event with its flag, and refuses events for another account', async () => {
    const a = svc.account.id;
    await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: start() }] });
    const { historyId } = (await store.alertEngine.incident(a, alertId, WHOLE_ALERT))!;
    expect(await store.incidents.appendEvent(svc.other.id, historyId, { kind: 'silenced', userId: null, data: { silence_id: 3, reason: 'x' }, at: T0 })).toBe(false);
    expect((await store.alertHistories.get(a, historyId))!.silenced).toBe(false);
    expect(await store.incidents.appendEvent(a, historyId, { kind: 'silenced', userId: null, data: { silence_id: 3, reason: 'reboot' }, at: T0 })).toBe(true);
    expect((await store.alertHistories.get(a, historyId))!.silenced).toBe(true);
    const sources = (await store.incidents.timelineSources(a, historyId))!;
    expect(sources.events).toEqual([{ id: expect.any(Number), kind: 'silenced', userId: null, userName: null, data: { silence_id: 3, reason: 'reboot' }, at: T0 }]);
    expect(sources.deliveries).toEqual([expect.objectContaining({ channel: 'email', event: 'TRIGGERED', state: 'kept', attempts: 0, lastAttemptAt: null })]);
  });

  it('holds back the reminders of the acknowledged incident only, when a per_server alert has one per server', async () => {
    const a = svc.account.id;
    const servers = [await registerTestServer(svc, 'ack-tag-1'), await registerTestServer(svc, 'ack-tag-2')];
    const tag = (await svc.request('POST', '/api/server_tags/', { form: { name: 'acked', servers } })).body.id;
    const tagAlert = (
      await svc.request('POST', '/api/alerts/', { form: { name: 'cpu each', type: 'Server Tag', target_id: tag, trigger_type: 'CPU', threshold: 90, per_server: true, users: [owner] } })
    ).body.id as number;
    for (const s of servers) expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId: tagAlert, incident: startOf(tagAlert, s) }] })).started).toBe(1);
    const [one, two] = await Promise.all(servers.map(async (s) => (await store.alertEngine.incident(a, tagAlert, s))!));
    expect(one!.historyId).not.toBe(two!.historyId);
    expect(await store.alertEngine.incident(a, tagAlert, WHOLE_ALERT)).toBeNull();

    expect((await store.incidents.acknowledge(a, one!.historyId, owner, T0 + 300)).kind).toBe('done');
    expect((await store.alertEngine.incident(a, tagAlert, servers[0]!))!.acknowledged).toBe(true);
    expect((await store.alertEngine.incident(a, tagAlert, servers[1]!))!.acknowledged).toBe(false);
    const reminded = async (k: 0 | 1, historyId: number) =>
      (await store.alertEngine.apply({ accountId: a, alerts: [{ alertId: tagAlert, incident: remindOf(tagAlert, servers[k]!, historyId) }] })).notifications;
    expect(await reminded(0, one!.historyId)).toBe(0);
    expect(await reminded(1, two!.historyId)).toBe(1);
    // A reminder naming one server's history under the other server's incident is not written either.
    expect(await reminded(1, one!.historyId)).toBe(0);
    const rows = await svc.sql.all<{ event: string; alert_history_id: number }>('SELECT event, alert_history_id FROM notifications WHERE account_id = ? AND alert_id = ? ORDER BY id', a, tagAlert);
    expect(rows.filter((r) => r.event === 'REMINDER').map((r) => r.alert_history_id)).toEqual([two!.historyId]);
  });
});

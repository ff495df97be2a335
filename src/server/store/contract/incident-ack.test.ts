import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentPlan } from '../repos/alert-engine';
import type { Store } from '../store';
import { startTestService, type TestService } from '../../testing/harness';
import { registerTestServer } from '../../testing/ingest';

// The store's side of acknowledgement, through the Store interface only (both backends): a reminder
// decided before an acknowledgement landed is not written, and the incident reads as acknowledged.
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

const start: IncidentPlan = {
  kind: 'start',
  minute: T0,
  value: 97.5,
  render: () => message,
  callbacks: () => [],
  notifications: (historyId) => [{ alertId, historyId, userId: owner, channel: 'email', event: 'TRIGGERED', recipient: 'o@example.com', subject: 's', body: 't', html: null, host: null }],
};
const remind = (historyId: number): IncidentPlan => ({
  kind: 'remind',
  minute: T0 + 600,
  historyId,
  lastNotified: T0,
  message,
  notifications: (id) => [{ alertId, historyId: id, userId: owner, channel: 'email', event: 'REMINDER', recipient: 'o@example.com', subject: 's', body: 't', html: null, host: null }],
});

describe('acknowledgement in the store', () => {
  it('keeps the triggering value, reads the incident as acknowledged, and writes no reminder decided before the acknowledgement', async () => {
    const a = svc.account.id;
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: start }] })).started).toBe(1);
    const incident = (await store.alertEngine.incident(a, alertId))!;
    expect(incident.acknowledged).toBe(false);
    expect((await store.alertHistories.get(a, incident.historyId))!.triggerValue).toBe(97.5);

    expect((await store.incidents.acknowledge(a, incident.historyId, owner, T0 + 300)).kind).toBe('done');
    expect((await store.alertEngine.incident(a, alertId))!.acknowledged).toBe(true);
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: remind(incident.historyId) }] })).notifications).toBe(0);

    expect((await store.incidents.unacknowledge(a, incident.historyId, owner, T0 + 500)).kind).toBe('done');
    expect((await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: remind(incident.historyId) }] })).notifications).toBe(1);
    const events = (await svc.sql.all<{ event: string }>('SELECT event FROM notifications WHERE account_id = ? ORDER BY id', a)).map((r) => r.event);
    expect(events).toEqual(['TRIGGERED', 'REMINDER']);
  });

  it('records a silenced event with its flag, and refuses events for another account', async () => {
    const a = svc.account.id;
    await store.alertEngine.apply({ accountId: a, alerts: [{ alertId, incident: start }] });
    const { historyId } = (await store.alertEngine.incident(a, alertId))!;
    expect(await store.incidents.appendEvent(svc.other.id, historyId, { kind: 'silenced', userId: null, data: { silence_id: 3, reason: 'x' }, at: T0 })).toBe(false);
    expect((await store.alertHistories.get(a, historyId))!.silenced).toBe(false);
    expect(await store.incidents.appendEvent(a, historyId, { kind: 'silenced', userId: null, data: { silence_id: 3, reason: 'reboot' }, at: T0 })).toBe(true);
    expect((await store.alertHistories.get(a, historyId))!.silenced).toBe(true);
    const sources = (await store.incidents.timelineSources(a, historyId))!;
    expect(sources.events).toEqual([{ id: expect.any(Number), kind: 'silenced', userId: null, userName: null, data: { silence_id: 3, reason: 'reboot' }, at: T0 }]);
    expect(sources.deliveries).toEqual([expect.objectContaining({ channel: 'email', event: 'TRIGGERED', state: 'kept', attempts: 0, lastAttemptAt: null })]);
  });
});

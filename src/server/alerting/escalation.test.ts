import { beforeEach, describe, expect, it } from 'vitest';
import { useEngine } from '../testing/engine-fixture';
import { registerTestServer } from '../testing/ingest';
import { createUser, type TestUser } from '../testing/team';

const f = useEngine();
const HOT = () => ({ server: { cpu: 95, memory: 1 } });
const COOL = () => ({ server: { cpu: 1, memory: 1 } });
let ada: TestUser;
let bob: TestUser;

beforeEach(async () => {
  ada = await createUser(f.svc, 2);
  bob = await createUser(f.svc, 3);
});

/** The incident's notifications in order: event and recipient. */
const told = async (historyId: number) =>
  (await f.svc.sql.all<{ event: string; recipient: string }>('SELECT event, recipient FROM notifications WHERE alert_history_id = ? ORDER BY id', historyId)).map((r) => `${r.event} ${r.recipient}`);
const policy = async (steps: { delay_minutes: number; targets: Record<string, number[]> }[], repeat = 0) => {
  const r = await f.svc.request('POST', '/api/v5/escalation_policies/', { json: { name: 'Night ops', steps, repeat } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
};
/** An alert naming the policy (its own user is the owner), triggered by one hot minute; answers its incident. */
async function incident(guid: string, policyId: number) {
  const server = await registerTestServer(f.svc, guid);
  const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, interval: 5, escalation_policy: policyId });
  await f.feed(guid, 1, HOT);
  const [h] = await f.histories(id);
  return { alertId: id, historyId: h!.id };
}
const escalate = () => f.alerting.engine.escalate();
const minutes = (n: number) => (f.clock += n * 60);

describe('an escalation policy', () => {
  it('tells step 1 at once and step 2 after its delay, not the alert users nor reminders; acknowledging pauses it, un-acknowledging resumes at once; the RESOLVED goes to those told', async () => {
    const p = await policy([
      { delay_minutes: 0, targets: { users: [ada.userId] } },
      { delay_minutes: 10, targets: { users: [bob.userId] } },
      { delay_minutes: 20, targets: { users: [ada.userId, bob.userId] } },
    ]);
    const { historyId } = await incident('esc-1', p);
    expect(await told(historyId)).toEqual([]); // the alert's own user (the owner) hears nothing from it
    expect(await escalate()).toBe(1);
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`]);
    expect(await escalate()).toBe(0);

    minutes(9);
    await f.feed('esc-1', 11, HOT, 1); // two intervals of 5 pass: no reminder with a policy
    expect(await escalate()).toBe(0);
    minutes(1);
    expect(await escalate()).toBe(1);
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`, `ESCALATION ${bob.email}`]);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${historyId}/acknowledge/`)).status).toBe(200);
    minutes(30);
    expect(await escalate()).toBe(0);
    expect(await told(historyId)).toHaveLength(2);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${historyId}/unacknowledge/`)).status).toBe(200);
    expect(await escalate()).toBe(1); // step 3 was due 20 minutes ago: at once
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`, `ESCALATION ${bob.email}`, `ESCALATION ${ada.email}`, `ESCALATION ${bob.email}`]);
    expect(await f.svc.deps.store.escalationWalks.get(f.svc.account.id, historyId)).toBeNull(); // the last step of the only pass

    const mail = await f.svc.sql.get<{ subject: string; body: string }>("SELECT subject, body FROM notifications WHERE alert_history_id = ? AND event = 'ESCALATION' ORDER BY id LIMIT 1", historyId);
    expect(mail!.subject).toMatch(/^Escalation \(step 2\): Alert triggered: a /);
    expect(mail!.body).toContain('step 2 of 3 of escalation policy "Night ops"');
    expect(mail!.body).toMatch(/\/ack\/a1\./);

    await f.feed('esc-1', 1, COOL, 12);
    expect((await told(historyId)).filter((t) => t.startsWith('RESOLVED')).sort()).toEqual([`RESOLVED ${ada.email}`, `RESOLVED ${bob.email}`].sort());

    const timeline = (await f.svc.request('GET', `/api/v5/alert_histories/${historyId}/timeline/`)).body.data as { kind: string; step?: number; recipients?: string[]; policy_name?: string }[];
    const steps = timeline.filter((e) => e.kind === 'escalated');
    expect(steps.map((e) => [e.step, e.policy_name, e.recipients])).toEqual([
      [1, 'Night ops', [ada.email]],
      [2, 'Night ops', [bob.email]],
      // Recipients in user id order (both stores): not their addresses' order, which is user10-... before user9-... when the numbering crosses 9.
      [3, 'Night ops', [ada, bob].sort((x, y) => x.userId - y.userId).map((u) => u.email)],
    ]);
    expect(timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['triggered', 'escalated', 'acknowledged', 'unacknowledged', 'resolved']));
  });

  it('stops when the incident resolves', async () => {
    const p = await policy([
      { delay_minutes: 0, targets: { users: [ada.userId] } },
      { delay_minutes: 5, targets: { users: [bob.userId] } },
    ]);
    const { historyId } = await incident('esc-2', p);
    expect(await escalate()).toBe(1);
    await f.feed('esc-2', 1, COOL, 1);
    expect(await f.svc.deps.store.escalationWalks.get(f.svc.account.id, historyId)).toBeNull();
    minutes(10);
    expect(await escalate()).toBe(0);
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`, `RESOLVED ${ada.email}`]);
  });

  it('runs the whole policy again `repeat` times, each pass max(last delay, 1) minutes after the previous', async () => {
    const p = await policy([
      { delay_minutes: 0, targets: { users: [ada.userId] } },
      { delay_minutes: 2, targets: { users: [bob.userId] } },
    ], 1);
    const { historyId } = await incident('esc-3', p);
    expect(await escalate()).toBe(1);
    minutes(2);
    expect(await escalate()).toBe(2); // pass 1's step 2 and pass 2's step 1 fall on the same minute
    minutes(1);
    expect(await escalate()).toBe(0);
    minutes(1);
    expect(await escalate()).toBe(1);
    minutes(60);
    expect(await escalate()).toBe(0);
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`, `ESCALATION ${bob.email}`, `ESCALATION ${ada.email}`, `ESCALATION ${bob.email}`]);
    const passes = ((await f.svc.request('GET', `/api/v5/alert_histories/${historyId}/timeline/`)).body.data as { kind: string; step: number; pass: number }[])
      .filter((e) => e.kind === 'escalated')
      .map((e) => `${e.pass}.${e.step}`);
    expect(passes).toEqual(['1.1', '1.2', '2.1', '2.2']);
  });

  it('tells the account owner when a step reaches nobody it names (its user deleted), and says so in the timeline', async () => {
    const p = await policy([{ delay_minutes: 0, targets: { users: [bob.userId] } }]);
    expect((await f.svc.request('DELETE', `/api/v5/users/${bob.userId}/`)).status).toBe(200);
    const owner = (await f.svc.request('GET', '/api/me/')).body as { email: string };
    const { historyId } = await incident('esc-nobody', p);
    expect(await escalate()).toBe(1);
    expect(await told(historyId)).toEqual([`TRIGGERED ${owner.email}`]);
    const steps = ((await f.svc.request('GET', `/api/v5/alert_histories/${historyId}/timeline/`)).body.data as { kind: string; recipients: string[]; fallback?: string }[]).filter((e) => e.kind === 'escalated');
    expect(steps).toEqual([expect.objectContaining({ recipients: [owner.email], fallback: 'owner' })]);
  });

  it('tells whoever a schedule has on call at the instant of each step', async () => {
    const t0 = f.clock;
    const s = await f.svc.request('POST', '/api/v5/schedules/', {
      json: { name: 'primary', time_zone: 'UTC', rotations: [{ name: 'r', users: [ada.userId], start: t0 - 86_400, handoff_time: '00:00', length: { unit: 'day', count: 1 } }] },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    // Bob takes the shift from 5 to 30 minutes after the incident starts.
    const o = await f.svc.request('POST', `/api/v5/schedules/${s.body.id}/overrides/`, { json: { user_id: bob.userId, start: t0 + 300, end: t0 + 1800 } });
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    const p = await policy([
      { delay_minutes: 0, targets: { schedules: [s.body.id] } },
      { delay_minutes: 10, targets: { schedules: [s.body.id] } },
    ]);
    const { historyId } = await incident('esc-4', p);
    expect(await escalate()).toBe(1);
    minutes(10);
    expect(await escalate()).toBe(1);
    expect(await told(historyId)).toEqual([`TRIGGERED ${ada.email}`, `ESCALATION ${bob.email}`]);
    const steps = ((await f.svc.request('GET', `/api/v5/alert_histories/${historyId}/timeline/`)).body.data as { kind: string; schedules: unknown }[]).filter((e) => e.kind === 'escalated');
    expect(steps.map((e) => e.schedules)).toEqual([[{ id: s.body.id, users: [ada.userId] }], [{ id: s.body.id, users: [bob.userId] }]]);
  });

  it('tells a step\'s channels TRIGGERED, then the acknowledgement and the resolution', async () => {
    const c = await f.svc.request('POST', '/api/v5/channels/', { json: { name: 'pager', type: 'slack', webhook_url: 'https://hooks.slack.com/services/T000/B000/abcdef0123456789' } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const p = await policy([
      { delay_minutes: 0, targets: { users: [ada.userId] } },
      { delay_minutes: 5, targets: { channels: [c.body.id] } },
    ]);
    const { historyId } = await incident('esc-6', p);
    const messages = async () => (await f.svc.sql.all<{ event: string }>('SELECT event FROM channel_messages WHERE alert_history_id = ? ORDER BY id', historyId)).map((r) => r.event);
    expect(await escalate()).toBe(1);
    expect(await messages()).toEqual([]);
    minutes(5);
    expect(await escalate()).toBe(1);
    expect(await messages()).toEqual(['TRIGGERED']);
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${historyId}/acknowledge/`)).status).toBe(200);
    await f.feed('esc-6', 1, COOL, 1);
    expect(await messages()).toEqual(['TRIGGERED', 'ACKNOWLEDGED', 'RESOLVED']);
    const step = ((await f.svc.request('GET', `/api/v5/alert_histories/${historyId}/timeline/`)).body.data as { kind: string; step: number; channels: number[] }[]).filter((e) => e.kind === 'escalated');
    expect(step.map((e) => [e.step, e.channels])).toEqual([[1, []], [2, [c.body.id]]]);
  });

  it('takes each step once when two processes walk one store at the same time', async () => {
    const p = await policy([
      { delay_minutes: 0, targets: { users: [ada.userId] } },
      { delay_minutes: 1, targets: { users: [bob.userId] } },
      { delay_minutes: 1, targets: { users: [ada.userId] } },
    ], 2);
    const incidents = [await incident('esc-5a', p), await incident('esc-5b', p), await incident('esc-5c', p)];
    const other = await f.second();
    let taken = 0;
    for (let i = 0; i < 8; i++) {
      const runs = await Promise.all([escalate(), other.escalate(), escalate(), other.escalate()]);
      taken += runs.reduce((a, b) => a + b, 0);
      minutes(1);
    }
    expect(taken).toBe(3 * 9);
    for (const { historyId } of incidents) {
      const t = await told(historyId);
      expect(t).toHaveLength(9);
      const steps = (await f.svc.sql.all<{ data: unknown }>("SELECT data FROM incident_events WHERE history_id = ? AND kind = 'escalated' ORDER BY id", historyId)).map((r) =>
        typeof r.data === 'string' ? (JSON.parse(r.data) as { pass: number; step: number }) : (r.data as { pass: number; step: number }),
      );
      expect(steps.map((s) => `${s.pass}.${s.step}`)).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '3.1', '3.2', '3.3']);
    }
  });
});

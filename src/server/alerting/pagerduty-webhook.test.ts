import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention, WEBHOOK_EVENTS_KEEP } from '../services/retention';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { START, useEngine } from '../testing/engine-fixture';

// PagerDuty -> Fleetwatch acknowledgements through a v3 webhook subscription (issue 19), on the real
// dispatcher with loopback receivers standing for Slack and PagerDuty's Events API.
type Rx = Awaited<ReturnType<typeof receiver>>;
let slack: Rx, pd: Rx;
beforeAll(async () => {
  [slack, pd] = await Promise.all([receiver(), receiver(0, () => ({ status: 202 }))]);
});
afterAll(async () => Promise.all([slack, pd].map((r) => r.close())));

const f = useEngine({ pagerDutyUrl: () => `http://127.0.0.1:${pd.port}/v2/enqueue` });
const HOT = () => ({ server: { cpu: 95, memory: 1 } });
const ROUTING_KEY = 'R0a1b2c3d4e5f60718293a4b5c6d7e8f';
const SECRET = 'whsec_q8Kf3nV0bX2mPz7YtR5uW1cE9aL4sD6h';

/**
 * A v3 webhook body as PagerDuty documents it (developer.pagerduty.com, "V3 Overview": webhook payload,
 * incident data); each event has an id of its own unless given one (null: no id at all).
 */
function pdEvent(eventType: string, incidentKey: string, agent: string | null = 'Tenex Engineer', id: string | null = randomUUID()): string {
  return JSON.stringify({
    event: {
      ...(id === null ? {} : { id }),
      event_type: eventType,
      resource_type: 'incident',
      occurred_at: '2026-11-27T18:45:22.169Z',
      agent: agent === null ? null : { html_url: 'https://acme.pagerduty.com/users/PLH1HKV', id: 'PLH1HKV', self: 'https://api.pagerduty.com/users/PLH1HKV', summary: agent, type: 'user_reference' },
      client: { name: 'PagerDuty' },
      data: {
        id: 'PGR0VU2', type: 'incident', self: 'https://api.pagerduty.com/incidents/PGR0VU2', html_url: 'https://acme.pagerduty.com/incidents/PGR0VU2',
        number: 2, status: eventType.split('.')[1], incident_key: incidentKey, created_at: '2026-11-27T18:40:00Z', title: 'Alert triggered: CPU high',
        service: { id: 'PF9KMXH', summary: 'API Service', type: 'service_reference' },
        assignees: [{ id: 'PTUXL6G', summary: 'User 123', type: 'user_reference' }],
        escalation_policy: { id: 'PUS0KTE', summary: 'Default', type: 'escalation_policy_reference' },
        teams: [], priority: null, urgency: 'high', conference_bridge: null, resolve_reason: null,
      },
    },
  });
}
const sign = (body: string, secret = SECRET) => `v1=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function post(channelId: number | string, body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'PagerDuty-Webhook/V3.0' };
  if (signature !== undefined) headers['x-pagerduty-signature'] = signature;
  const res = await fetch(`${f.svc.baseUrl}/api/v5/channels/${channelId}/pagerduty_webhook/`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function channel(form: Record<string, unknown>, as = f.svc.account): Promise<number> {
  const r = await f.svc.request('POST', '/api/v5/channels/', { form, as });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

/** An incident of an alert telling a Slack channel and a PagerDuty channel with a webhook secret, once PagerDuty has its trigger. */
async function incident(guid: string) {
  // Each test has a fresh service, so keys repeat across tests: only this test's hits count.
  const [slackFrom, pdFrom] = [slack.hits.length, pd.hits.length];
  const s = await channel({ name: 'ops-slack', type: 'slack', webhook_url: `http://127.0.0.1:${slack.port}/services/T0/B0/${guid}` });
  const p = await channel({ name: 'ops-pager', type: 'pagerduty', routing_key: ROUTING_KEY, webhook_secret: SECRET });
  const server = await registerTestServer(f.svc, guid);
  const alert = await f.alert({ name: 'CPU high', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [s, p] });
  await f.feed(guid, 1, HOT);
  const [h] = await f.histories(alert);
  const key = `fleetwatch-${f.svc.account.id}-${h!.id}`;
  const toSlack = () => slack.hits.slice(slackFrom).filter((x) => x.url.endsWith(`/${guid}`));
  const toPd = () => pd.hits.slice(pdFrom).filter((x) => (JSON.parse(x.body) as { dedup_key: string }).dedup_key === key);
  await until(() => toSlack().length === 1 && toPd().length === 1);
  return { s, p, id: h!.id, key, toSlack, toPd };
}

const DUPLICATE = 'duplicate: this event.id was already acted on';
const history = async (id: number) => (await f.svc.request('GET', `/api/v5/alert_histories/${id}/`)).body as { acknowledged_by: number | null; acknowledged_at: number | null; end: number | null };
const timeline = async (id: number) => (await f.svc.request('GET', `/api/v5/alert_histories/${id}/timeline/`)).body.data as Record<string, unknown>[];

describe('PagerDuty v3 webhooks (acknowledgements made in PagerDuty come back)', () => {
  it('acknowledges on a signed incident.acknowledged, tells Slack but not PagerDuty back; unacknowledged reverses; resolved is only a note', async () => {
    const i = await incident('pdw-1');
    const got = await f.svc.request('GET', `/api/v5/channels/${i.p}/`);
    expect(got.body.webhook_secret).toMatch(/^wh\*\*\*$/);
    expect(JSON.stringify(got.body)).not.toContain(SECRET);

    const ack = pdEvent('incident.acknowledged', i.key);
    expect(await post(i.p, ack, sign(ack))).toEqual({ status: 200, body: { outcome: 'acknowledged' } });
    const h = await history(i.id);
    expect(h.acknowledged_by).toBe(f.owner);
    expect(h.acknowledged_at).toBe(f.clock);
    const acked = (await timeline(i.id)).find((e) => e.kind === 'acknowledged');
    expect(acked).toMatchObject({ user_name: 'PagerDuty: Tenex Engineer', source: 'pagerduty', user_id: f.owner });

    // Slack of the same alert hears of it; PagerDuty, where it was made, is not told back.
    await until(() => i.toSlack().length === 2);
    expect((JSON.parse(i.toSlack()[1]!.body) as { blocks: { text: { text: string } }[] }).blocks[0]!.text.text).toBe('Acknowledged: CPU high');
    await f.alerting.delivered();
    expect(i.toPd().map((x) => (JSON.parse(x.body) as { event_action: string }).event_action)).toEqual(['trigger']);
    const log = (await f.svc.request('GET', `/api/v5/channels/${i.p}/deliveries/`)).body.data as { event: string }[];
    expect(log.map((d) => d.event)).toEqual(['TRIGGERED']);

    // PagerDuty retries (the same event.id) and our own acknowledgement's echo (an event of its own): already acknowledged, nothing changes.
    expect(await post(i.p, ack, sign(ack))).toEqual({ status: 200, body: { outcome: 'unchanged', reason: DUPLICATE } });
    const echo = pdEvent('incident.acknowledged', i.key);
    expect(await post(i.p, echo, sign(echo))).toEqual({ status: 200, body: { outcome: 'unchanged' } });
    expect((await timeline(i.id)).filter((e) => e.kind === 'acknowledged')).toHaveLength(1);

    const unack = pdEvent('incident.unacknowledged', i.key, null);
    expect(await post(i.p, unack, sign(unack))).toEqual({ status: 200, body: { outcome: 'unacknowledged' } });
    expect(await history(i.id)).toMatchObject({ acknowledged_by: null, acknowledged_at: null });
    expect((await timeline(i.id)).find((e) => e.kind === 'unacknowledged')).toMatchObject({ user_name: 'PagerDuty: PagerDuty', source: 'pagerduty' });

    const resolved = pdEvent('incident.resolved', i.key, 'Jane <b>Doe</b>');
    expect(await post(i.p, resolved, sign(resolved))).toEqual({ status: 200, body: { outcome: 'noted' } });
    expect((await history(i.id)).end).toBeNull();
    const note = (await timeline(i.id)).find((e) => e.kind === 'note');
    expect(note).toMatchObject({ user_id: null, text: 'Resolved in PagerDuty by Jane <b>Doe</b>. Fleetwatch resolves this incident when its condition clears.' });

    const other = pdEvent('incident.priority_updated', i.key);
    expect((await post(i.p, other, sign(other))).body).toMatchObject({ outcome: 'ignored' });

    // The audit log names the change, as the owner.
    const audit = (await f.svc.request('GET', '/api/v5/audit/', { form: { resource: 'alert_histories' } })).body.data as { action: string; user_id: number; after: unknown }[];
    expect(audit.map((a) => a.action).sort()).toEqual(['pagerduty_acknowledged', 'pagerduty_resolved', 'pagerduty_unacknowledged']);
    expect(audit.every((a) => a.user_id === f.owner)).toBe(true);
    expect(audit.find((a) => a.action === 'pagerduty_acknowledged')!.after).toEqual({ channel_id: i.p, agent: 'Tenex Engineer' });
  });

  it('answers 401 and changes nothing for a wrong, missing or foreign signature, an unknown channel or one without a secret; ignores a key of another account', async () => {
    const i = await incident('pdw-2');
    const body = pdEvent('incident.acknowledged', i.key);
    const refused = { status: 401 };
    expect(await post(i.p, body, sign(body, 'not-the-secret-at-all-0000'))).toMatchObject(refused);
    expect(await post(i.p, body)).toMatchObject(refused);
    expect(await post(i.p, body, 'v1=zz')).toMatchObject(refused);
    expect(await post(i.p, `${body} `, sign(body))).toMatchObject(refused);
    expect(await post(i.p, 'not json', sign('other'))).toMatchObject(refused);
    // Unknown ids, and a channel with no secret, answer the same.
    expect(await post(987654, body, sign(body))).toMatchObject(refused);
    expect(await post('abc', body, sign(body))).toMatchObject(refused);
    const bare = await channel({ name: 'no-secret', type: 'pagerduty', routing_key: ROUTING_KEY });
    expect(await post(bare, body, sign(body))).toMatchObject(refused);
    expect((await post(i.s, body, sign(body))).status).toBe(401);

    // Another account's PagerDuty channel, correctly signed with its own secret, cannot touch our incident.
    const theirs = await channel({ name: 'their-pager', type: 'pagerduty', routing_key: ROUTING_KEY, webhook_secret: 'their-own-signing-secret-1234' }, f.svc.other);
    const foreign = await post(theirs, body, sign(body, 'their-own-signing-secret-1234'));
    expect(foreign).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    // Our channel, a key naming another account's incident, or not quite our format.
    for (const key of [`fleetwatch-${f.svc.other.id}-${i.id}`, `fleetwatch-${f.svc.account.id}-0${i.id}`, `fleetwatch-${f.svc.account.id}-${i.id}x`, `x-fleetwatch-${f.svc.account.id}-${i.id}`]) {
      const b = pdEvent('incident.acknowledged', key);
      expect((await post(i.p, b, sign(b))).body, key).toMatchObject({ outcome: 'ignored' });
    }
    expect(await history(i.id)).toMatchObject({ acknowledged_by: null, acknowledged_at: null });
    expect((await timeline(i.id)).filter((e) => e.kind === 'acknowledged' || e.kind === 'note')).toEqual([]);
    expect((await f.svc.request('GET', `/api/v5/channels/${i.s}/deliveries/`)).body.data).toHaveLength(1);

    // Rotating: PagerDuty sends both signatures; either verifying is enough. The update keeps the secret unless given.
    expect((await f.svc.request('PUT', `/api/v5/channels/${i.p}/`, { form: { name: 'renamed' } })).status).toBe(200);
    expect(await post(i.p, body, `v1=${'0'.repeat(64)}, ${sign(body)}`)).toEqual({ status: 200, body: { outcome: 'acknowledged' } });
  });

  it('refuses a webhook_secret on another type, and a malformed one', async () => {
    const r1 = await f.svc.request('POST', '/api/v5/channels/', { form: { name: 'x', type: 'slack', webhook_url: 'https://hooks.slack.com/services/T/B/x', webhook_secret: SECRET } });
    expect(r1).toMatchObject({ status: 400, body: { error: { field: 'webhook_secret' } } });
    const r2 = await f.svc.request('POST', '/api/v5/channels/', { form: { name: 'x', type: 'pagerduty', routing_key: ROUTING_KEY, webhook_secret: 'short' } });
    expect(r2).toMatchObject({ status: 400, body: { error: { field: 'webhook_secret' } } });
  });

  it('acts on an event.id once per channel: a retried or concurrent incident.resolved adds one note; acknowledgements too; no id acts every time', async () => {
    const i = await incident('pdw-4');
    const notes = async () => (await timeline(i.id)).filter((e) => e.kind === 'note');
    const resolved = pdEvent('incident.resolved', i.key, 'Jane Doe', 'Q1RESOLVED00001');
    expect(await post(i.p, resolved, sign(resolved))).toEqual({ status: 200, body: { outcome: 'noted' } });
    expect(await post(i.p, resolved, sign(resolved))).toEqual({ status: 200, body: { outcome: 'unchanged', reason: DUPLICATE } });
    expect(await notes()).toHaveLength(1);

    // Two deliveries of one event at once: one acts, the other finds its id.
    const again = pdEvent('incident.resolved', i.key, 'Jane Doe', 'Q1RESOLVED00002');
    const both = await Promise.all([1, 2, 3].map(() => post(i.p, again, sign(again))));
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(both.map((r) => r.body.outcome).sort()).toEqual(['noted', 'unchanged', 'unchanged']);
    expect(await notes()).toHaveLength(2);

    // The same id through another channel of the account is that channel's own event.
    const p2 = await channel({ name: 'ops-pager-2', type: 'pagerduty', routing_key: ROUTING_KEY, webhook_secret: SECRET });
    expect(await post(p2, resolved, sign(resolved))).toEqual({ status: 200, body: { outcome: 'noted' } });
    expect(await notes()).toHaveLength(3);

    // Without an id, as before: acted on each time.
    const bare = pdEvent('incident.resolved', i.key, 'Jane Doe', null);
    expect((await post(i.p, bare, sign(bare))).body).toEqual({ outcome: 'noted' });
    expect((await post(i.p, bare, sign(bare))).body).toEqual({ outcome: 'noted' });
    expect(await notes()).toHaveLength(5);

    // An acknowledgement retried after an unacknowledgement does not acknowledge again.
    const ack = pdEvent('incident.acknowledged', i.key, 'Tenex Engineer', 'Q1ACK0000000001');
    expect((await post(i.p, ack, sign(ack))).body).toEqual({ outcome: 'acknowledged' });
    expect((await post(i.p, ack, sign(ack))).body).toEqual({ outcome: 'unchanged', reason: DUPLICATE });
    const unack = pdEvent('incident.unacknowledged', i.key, null, 'Q1UNACK00000001');
    expect((await post(i.p, unack, sign(unack))).body).toEqual({ outcome: 'unacknowledged' });
    expect((await post(i.p, ack, sign(ack))).body).toEqual({ outcome: 'unchanged', reason: DUPLICATE });
    expect(await history(i.id)).toMatchObject({ acknowledged_by: null, acknowledged_at: null });
    expect((await timeline(i.id)).filter((e) => e.kind === 'acknowledged')).toHaveLength(1);

    // Retries leave no audit entries: one per change made.
    const audit = (await f.svc.request('GET', '/api/v5/audit/', { form: { resource: 'alert_histories' } })).body.data as { action: string }[];
    expect(audit.map((a) => a.action).sort()).toEqual(['pagerduty_acknowledged', ...Array<string>(5).fill('pagerduty_resolved'), 'pagerduty_unacknowledged']);
  });

  it("another account's event ids do not suppress this account's events", async () => {
    const i = await incident('pdw-5');
    // The other account's own incident and PagerDuty channel, acting first on the event id ours will get.
    const other = f.svc.other;
    const theirOwner = ((await f.svc.request('GET', '/api/users/', { as: other })).body.data as { id: number; is_account_owner: boolean }[]).find((u) => u.is_account_owner)!.id;
    const theirPager = await channel({ name: 'their-pager', type: 'pagerduty', routing_key: ROUTING_KEY, webhook_secret: SECRET }, other);
    const server = await registerTestServer(f.svc, 'pdw-5-theirs', other);
    const made = await f.svc.request('POST', '/api/alerts/', { form: { name: 'Their CPU', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, users: [theirOwner] }, as: other });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await postBatch(f.svc, batchFor('pdw-5-theirs', START, HOT()), { as: other })).status).toBeLessThan(300);
    await f.alerting.idle();
    const theirs = (await f.svc.request('GET', `/api/alert_histories/?filter=[${made.body.id as number}]&start=0`, { as: other })).body.data as { id: number }[];
    expect(theirs).toHaveLength(1);

    const id = 'Q1SHARED0000001';
    const theirEvent = pdEvent('incident.resolved', `fleetwatch-${other.id}-${theirs[0]!.id}`, 'Mallory', id);
    expect((await post(theirPager, theirEvent, sign(theirEvent))).body).toEqual({ outcome: 'noted' });
    const ours = pdEvent('incident.resolved', i.key, 'Jane Doe', id);
    expect((await post(i.p, ours, sign(ours))).body).toEqual({ outcome: 'noted' });
    expect((await timeline(i.id)).filter((e) => e.kind === 'note')).toHaveLength(1);
    const theirTimeline = (await f.svc.request('GET', `/api/v5/alert_histories/${theirs[0]!.id}/timeline/`, { as: other })).body.data as { kind: string }[];
    expect(theirTimeline.filter((e) => e.kind === 'note')).toHaveLength(1);
    // Each account holds its own record of the id.
    const rows = await f.svc.sql.all<{ account_id: number }>('SELECT account_id FROM webhook_events WHERE event_id = ? ORDER BY account_id', id);
    expect(rows.map((r) => Number(r.account_id)).sort((a, b) => a - b)).toEqual([f.svc.account.id, other.id].sort((a, b) => a - b));
  });

  it('forgets event ids after a week (the retention job)', async () => {
    const i = await incident('pdw-6');
    const resolved = pdEvent('incident.resolved', i.key, 'Jane Doe', 'Q1RETAINED00001');
    expect((await post(i.p, resolved, sign(resolved))).body).toEqual({ outcome: 'noted' });
    const kept = async () => Number((await f.svc.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_events WHERE account_id = ?', f.svc.account.id))!.n);
    expect(await kept()).toBe(1);

    // Within the week the id stays and a retry changes nothing; past it, the id is gone.
    await runRetention({ ...f.svc.deps, now: () => f.clock + WEBHOOK_EVENTS_KEEP - 60 });
    expect(await kept()).toBe(1);
    expect((await post(i.p, resolved, sign(resolved))).body).toEqual({ outcome: 'unchanged', reason: DUPLICATE });
    await runRetention({ ...f.svc.deps, now: () => f.clock + WEBHOOK_EVENTS_KEEP + 60 });
    expect(await kept()).toBe(0);
    expect((await timeline(i.id)).filter((e) => e.kind === 'note')).toHaveLength(1);
  });
});

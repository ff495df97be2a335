import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { receiver, type Hit } from '../testing/receiver';
import { until } from '../testing/until';
import { useEngine } from '../testing/engine-fixture';
import { netPolicy } from './net-policy';
import { sendChannelMessage } from './channel-send';

type Rx = Awaited<ReturnType<typeof receiver>>;
let slack: Rx, pd: Rx, teams: Rx, hook: Rx;
beforeAll(async () => {
  [slack, pd, teams, hook] = await Promise.all([receiver(), receiver(0, () => ({ status: 202 })), receiver(), receiver()]);
});
afterAll(async () => Promise.all([slack, pd, teams, hook].map((r) => r.close())));

const f = useEngine({ pagerDutyUrl: () => `http://127.0.0.1:${pd.port}/v2/enqueue` });
const HOT = () => ({ server: { cpu: 95, memory: 1 } });
const COOL = () => ({ server: { cpu: 1, memory: 1 } });
const ROUTING_KEY = 'R0a1b2c3d4e5f60718293a4b5c6d7e8f';
const body = (h: Hit) => JSON.parse(h.body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- vendor payloads read field by field below
const mine = (rx: Rx, tag: string) => rx.hits.filter((h) => h.url.includes(tag));

async function channel(form: Record<string, unknown>): Promise<number> {
  const r = await f.svc.request('POST', '/api/v5/channels/', { form });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

describe('channels through the real dispatcher', () => {
  it('tell Slack and PagerDuty of an incident: trigger, acknowledge with the same dedup_key, resolve', async () => {
    const tag = `/services/T00000000/B00000000/slk1`;
    const s = await channel({ name: 'ops-slack', type: 'slack', webhook_url: `http://127.0.0.1:${slack.port}${tag}` });
    const p = await channel({ name: 'ops-pager', type: 'pagerduty', routing_key: ROUTING_KEY, severity: 'error' });
    const server = await registerTestServer(f.svc, 'ch-1');
    const id = await f.alert({ name: 'CPU <hot> & high', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [s, p] });
    await f.feed('ch-1', 1, HOT);
    const [h] = await f.histories(id);
    const dedup = `fleetwatch-${f.svc.account.id}-${h!.id}`;
    await until(() => mine(slack, tag).length === 1 && pd.hits.length === 1);

    const trigger = body(pd.hits[0]!);
    expect(pd.hits[0]!.url).toBe('/v2/enqueue');
    expect(trigger).toMatchObject({ routing_key: ROUTING_KEY, event_action: 'trigger', dedup_key: dedup, client: 'Fleetwatch' });
    expect(trigger.payload).toMatchObject({ severity: 'error', source: 'host-ch-1', timestamp: new Date(h!.start * 1000).toISOString(), group: 'Server', class: 'CPU above 50%' });
    expect(trigger.payload.summary).toContain('CPU <hot> & high');
    expect(trigger.payload.summary.length).toBeLessThanOrEqual(1024);
    expect(trigger.client_url).toBe(`http://localhost:8080/incidents/${h!.id}`);
    expect(trigger.links).toEqual([
      { href: `http://localhost:8080/incidents/${h!.id}`, text: expect.any(String) },
      { href: `http://localhost:8080/incidents/${h!.id}?acknowledge=1`, text: expect.any(String) },
    ]);

    const sm = body(mine(slack, tag)[0]!);
    expect(sm.text).toContain('CPU &lt;hot&gt; &amp; high');
    expect(sm.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'section', 'actions']);
    expect(sm.blocks[0].text).toMatchObject({ type: 'plain_text', text: 'Triggered: CPU <hot> & high' });
    const fields = sm.blocks[1].fields.map((x: { text: string }) => x.text);
    expect(fields.map((t: string) => t.split('\n')[0])).toEqual(['*Alert*', '*Target*', '*Value*', '*Status*', '*Time*']);
    expect(fields[0]).toBe('*Alert*\nCPU &lt;hot&gt; &amp; high');
    expect(sm.blocks[3].elements.map((e: { text: { text: string }; url: string }) => [e.text.text, e.url])).toEqual([
      ['Acknowledge', `http://localhost:8080/incidents/${h!.id}?acknowledge=1`],
      ['Open incident', `http://localhost:8080/incidents/${h!.id}`],
    ]);
    const first = mine(slack, tag)[0]!.headers;
    expect(first['x-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first['idempotency-key']).toBe(first['x-delivery-id']);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    await until(() => pd.hits.length === 2 && mine(slack, tag).length === 2);
    expect(body(pd.hits[1]!)).toEqual({ routing_key: ROUTING_KEY, event_action: 'acknowledge', dedup_key: dedup });
    const ack = body(mine(slack, tag)[1]!);
    expect(ack.blocks[0].text.text).toBe('Acknowledged: CPU <hot> & high');
    expect(ack.blocks[1].fields[3].text).toMatch(/^\*Status\*\nAcknowledged by /);

    await f.feed('ch-1', 1, COOL, 1);
    await until(() => pd.hits.length === 3 && mine(slack, tag).length === 3);
    expect(body(pd.hits[2]!)).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: dedup });
    const resolved = body(mine(slack, tag)[2]!);
    expect(resolved.blocks[0].text.text).toBe('Resolved: CPU <hot> & high');
    expect(resolved.blocks.at(-1).elements.map((e: { text: { text: string } }) => e.text.text)).toEqual(['Open incident']);

    // The timeline tells each message by channel type and name; no secret appears in it.
    await f.alerting.delivered();
    const tl = (await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data as { kind: string; channel: string; recipient: string; event: string; outcome: string; attempts: number }[];
    const told = tl.filter((e) => e.kind === 'notification' && (e.channel === 'slack' || e.channel === 'pagerduty')).map((e) => [e.channel, e.recipient, e.event, e.outcome, e.attempts]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['slack', 'ops-slack', 'TRIGGERED', 'sent', 1], ['pagerduty', 'ops-pager', 'TRIGGERED', 'sent', 1],
        ['slack', 'ops-slack', 'ACKNOWLEDGED', 'sent', 1], ['pagerduty', 'ops-pager', 'ACKNOWLEDGED', 'sent', 1],
        ['slack', 'ops-slack', 'RESOLVED', 'sent', 1], ['pagerduty', 'ops-pager', 'RESOLVED', 'sent', 1],
      ]),
    );
    expect(told).toHaveLength(6);
    expect(JSON.stringify(tl)).not.toContain(ROUTING_KEY);
    expect(JSON.stringify(tl)).not.toContain('slk1');
  });

  it('send Teams an Adaptive Card 1.4 and a webhook the Alertmanager v4 payload (with its Basic auth); the webhook is not told acknowledgements', async () => {
    const t = await channel({ name: 'teams', type: 'msteams', webhook_url: `http://127.0.0.1:${teams.port}/workflows/abc/triggers/manual/paths/invoke?sig=s3cr3t` });
    const w = await channel({ name: 'am', type: 'webhook', url: `http://127.0.0.1:${hook.port}/am`, auth_type: 'basic', auth_username: 'fw', auth_password: 'pw' });
    const server = await registerTestServer(f.svc, 'ch-2');
    const id = await f.alert({ name: 'Busy *prod*', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [t, w] });
    await f.feed('ch-2', 1, HOT);
    const [h] = await f.histories(id);
    await until(() => teams.hits.length === 1 && hook.hits.length === 1);

    const card = body(teams.hits[0]!);
    expect(card.type).toBe('message');
    expect(card.attachments).toHaveLength(1);
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    const c = card.attachments[0].content;
    expect(c).toMatchObject({ $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4' });
    expect(c.body.map((b: { type: string }) => b.type)).toEqual(['TextBlock', 'FactSet', 'TextBlock']);
    expect(c.body[0].text).toBe('Triggered: Busy \\*prod\\*');
    expect(c.body[1].facts.map((x: { title: string }) => x.title)).toEqual(['Alert', 'Target', 'Value', 'Status', 'Time']);
    expect(c.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Acknowledge', url: `http://localhost:8080/incidents/${h!.id}?acknowledge=1` },
      { type: 'Action.OpenUrl', title: 'Open incident', url: `http://localhost:8080/incidents/${h!.id}` },
    ]);

    const am = body(hook.hits[0]!);
    expect(hook.hits[0]!.headers.authorization).toBe(`Basic ${Buffer.from('fw:pw').toString('base64')}`);
    expect(Object.keys(am).sort()).toEqual(['alerts', 'commonAnnotations', 'commonLabels', 'externalURL', 'groupKey', 'groupLabels', 'receiver', 'status', 'truncatedAlerts', 'version']);
    expect(am).toMatchObject({ version: '4', status: 'firing', receiver: 'am', truncatedAlerts: 0, externalURL: 'http://localhost:8080' });
    expect(am.alerts).toHaveLength(1);
    const a = am.alerts[0];
    expect(a).toMatchObject({ status: 'firing', startsAt: new Date(h!.start * 1000).toISOString(), endsAt: '0001-01-01T00:00:00Z', generatorURL: `http://localhost:8080/incidents/${h!.id}` });
    expect(a.labels).toMatchObject({ alertname: 'Busy *prod*', alert_id: String(id), incident_id: String(h!.id), hostname: 'host-ch-2', severity: 'critical' });
    expect(a.annotations.summary).toContain('Busy *prod*');
    expect(a.fingerprint).toMatch(/^[0-9a-f]{16}$/);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    await until(() => teams.hits.length === 2);
    expect(body(teams.hits[1]!).attachments[0].content.body[0].text).toBe('Acknowledged: Busy \\*prod\\*');

    await f.feed('ch-2', 1, COOL, 1);
    await until(() => hook.hits.length === 2 && teams.hits.length === 3);
    const done = body(hook.hits[1]!);
    expect(done.status).toBe('resolved');
    expect(done.alerts[0].status).toBe('resolved');
    expect(done.alerts[0].endsAt).not.toBe('0001-01-01T00:00:00Z');
    expect(done.alerts[0].fingerprint).toBe(a.fingerprint);
    expect(done.groupKey).toBe(am.groupKey);
  });

  it('honours Retry-After on a 429: the second attempt waits for it', async () => {
    const slow = await receiver(0, (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
    const id = await channel({ name: 'limited', type: 'slack', webhook_url: `http://127.0.0.1:${slow.port}/services/T1/B1/x` });
    const sent = await f.svc.request('POST', `/api/v5/channels/${id}/test/`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ event: 'TEST', state: 'pending', attempts: 0 });
    await until(() => slow.hits.length === 2);
    // The fixture retries after 100 ms; the receiver asked for a second.
    expect(slow.hits[1]!.at - slow.hits[0]!.at).toBeGreaterThanOrEqual(950);
    expect(slow.hits[1]!.headers['x-delivery-id']).toBe(slow.hits[0]!.headers['x-delivery-id']);
    expect(slow.hits.map((h) => h.headers['x-delivery-attempt'])).toEqual(['1', '2']);
    await until(async () => (await f.svc.request('GET', `/api/v5/channels/${id}/deliveries/${sent.body.id}/`)).body.state === 'delivered');
    const d = (await f.svc.request('GET', `/api/v5/channels/${id}/deliveries/${sent.body.id}/`)).body;
    expect(d.attempt_log.map((x: { http_status: number }) => x.http_status)).toEqual([429, 200]);
    expect(d.attempts).toBe(2);
    await slow.close();
  });

  it('send nothing to the channels of a silenced incident, and record the messages as silenced', async () => {
    const quiet = await receiver();
    const s = await channel({ name: 'quiet', type: 'slack', webhook_url: `http://127.0.0.1:${quiet.port}/services/T2/B2/y` });
    const server = await registerTestServer(f.svc, 'ch-3');
    const id = await f.alert({ name: 'hushed', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, channels: [s] });
    const sil = await f.svc.request('POST', '/api/v5/silences/', { form: { alerts: [id], duration: 3600, start: f.clock - 60, reason: 'deploy' } });
    expect(sil.status, JSON.stringify(sil.body)).toBe(201);
    await f.feed('ch-3', 1, HOT);
    const [h] = await f.histories(id);
    await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`);
    await f.feed('ch-3', 1, COOL, 1);
    await f.alerting.delivered();
    const log = (await f.svc.request('GET', `/api/v5/channels/${s}/deliveries/`)).body.data as { event: string; state: string }[];
    expect(log.map((d) => [d.event, d.state])).toEqual([['RESOLVED', 'silenced'], ['ACKNOWLEDGED', 'silenced'], ['TRIGGERED', 'silenced']]);
    expect(quiet.hits).toHaveLength(0);
    await quiet.close();
  });

  it('refuses at send time an address the network policy denies, and fails the message without retrying', async () => {
    const rx = await receiver();
    const message = { id: 1, accountId: 1, channelId: 1, channelType: 'slack' as const, channelName: 'x', alertId: null, historyId: null, event: 'TEST' as const, state: 'pending' as const, deliveryId: 'd', attempts: 0, nextAttemptAt: 0, lastStatus: null, lastError: null, lastLatencyMs: null, created: 0, deliveredAt: null };
    const channel = { id: 1, accountId: 1, name: 'x', type: 'slack' as const, settings: { type: 'slack' as const, webhookUrl: `http://127.0.0.1:${rx.port}/hook` }, created: 0, updated: 0 };
    const out = await sendChannelMessage(message, { channel, incident: null }, { policy: netPolicy(), timeoutMs: 2000, baseUrl: 'http://fw' });
    expect(out).toMatchObject({ ok: false, refused: true });
    expect(out.error).toContain('loopback');
    expect(rx.hits).toHaveLength(0);
    await rx.close();
  });
});

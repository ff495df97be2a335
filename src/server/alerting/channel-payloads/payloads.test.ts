import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../../shared/channels';
import type { ChannelIncident } from '../../store/repos/channels';
import { alertmanagerWebhook, fingerprint } from './alertmanager';
import type { PayloadInput } from './facts';
import { escapeCardMarkdown, teamsMessage } from './msteams';
import { pagerDutyEvent } from './pagerduty';
import { escapeMrkdwn, slackMessage } from './slack';

const incident: ChannelIncident = {
  historyId: 42, alertId: 7, alertName: 'Disk <full> & *bold*', alertType: 'Server Tag', target: 'tag web (3 servers)', trigger: 'Disk above 90%',
  subject: 'Alert triggered: Disk <full>', text: 'Alert triggered: Disk <full>\n\nThe Server Tag alert fired.\n', start: 1_800_000_000, end: null, value: 93.456,
  servers: [{ id: 1, hostname: 'web-1', nickname: '', value: 93.456 }, { id: 2, hostname: 'web-2', nickname: 'edge', value: 91 }],
  serverHostname: null, acknowledgedAt: null, acknowledgedBy: null,
};
const input = (over: Partial<PayloadInput> = {}): PayloadInput => ({ event: 'TRIGGERED', accountId: 3, channelName: 'ops', deliveryId: 'dlv-1', incident, baseUrl: 'https://fw.example.com', now: 1_800_000_600, ...over });

describe('channel payloads', () => {
  it('escape user text for Slack mrkdwn and Adaptive Card markdown', () => {
    expect(escapeMrkdwn('a <b> & c')).toBe('a &lt;b&gt; &amp; c');
    expect(escapeCardMarkdown('*x* _y_ [l](u)\n- item')).toBe('\\*x\\* \\_y\\_ \\[l\\](u)\n\\- item');
    const s = slackMessage(input());
    // mrkdwn texts are escaped; the header is plain_text, shown as written.
    expect(s.text).toBe('Triggered: Alert triggered: Disk &lt;full&gt;');
    expect(s.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: 'Triggered: Disk <full> & *bold*' } });
    expect(s.blocks[1]).toMatchObject({ type: 'section', fields: expect.arrayContaining([{ type: 'mrkdwn', text: '*Alert*\nDisk &lt;full&gt; &amp; *bold*' }]) });
    expect(JSON.stringify(s.blocks[1])).toContain('web-1 (93.46), web-2 (edge) (91)');
  });

  it('name the acknowledgement in Slack and Teams, without an Acknowledge button', () => {
    const acked = input({ event: 'ACKNOWLEDGED', incident: { ...incident, acknowledgedAt: 1_800_000_300, acknowledgedBy: 'Ann <Ops>' } });
    const s = slackMessage(acked);
    expect(JSON.stringify(s)).toContain('Acknowledged by Ann &lt;Ops&gt;');
    expect(JSON.stringify(s)).not.toContain('"Acknowledge"');
    const t = teamsMessage(acked).attachments[0]!.content;
    expect(t.actions.map((a) => a.title)).toEqual(['Open incident']);
    expect(JSON.stringify(t.body)).toContain('Acknowledged by Ann <Ops>');
  });

  it('cut a PagerDuty summary to 1024 characters and keep one dedup_key per incident', () => {
    const long = input({ incident: { ...incident, subject: 'x'.repeat(5000) } });
    const e = pagerDutyEvent(long, 'KEY12345', 'warning');
    expect(e.endpoint).toBe('enqueue');
    if (e.endpoint !== 'enqueue' || e.body.event_action !== 'trigger') throw new Error('a trigger');
    expect(e.body.payload.summary).toHaveLength(1024);
    expect(e.body.payload.severity).toBe('warning');
    expect(e.body.dedup_key).toBe('fleetwatch-3-42');
    expect(pagerDutyEvent(input({ event: 'RESOLVED' }), 'KEY12345', 'warning')).toEqual({ endpoint: 'enqueue', body: { routing_key: 'KEY12345', event_action: 'resolve', dedup_key: 'fleetwatch-3-42' } });
  });

  it('test PagerDuty with a change event, which pages nobody', () => {
    const e = pagerDutyEvent(input({ event: 'TEST', incident: null }), 'KEY12345', 'critical');
    expect(e.endpoint).toBe('change');
    expect(e.body).toMatchObject({ routing_key: 'KEY12345', payload: { source: 'fleetwatch', timestamp: new Date(1_800_000_600_000).toISOString() } });
  });

  it('fingerprint Alertmanager alerts by their labels, whatever their order', () => {
    expect(fingerprint({ a: '1', b: '2' })).toBe(fingerprint({ b: '2', a: '1' }));
    expect(fingerprint({ a: '1' })).not.toBe(fingerprint({ a: '2' }));
    const w = alertmanagerWebhook(input({ event: 'RESOLVED', incident: { ...incident, end: 1_800_000_900 } }));
    expect(w.alerts[0]).toMatchObject({ status: 'resolved', endsAt: new Date(1_800_000_900_000).toISOString() });
    expect(w.alerts[0]!.annotations.acknowledge_url).toBeUndefined();
    expect(w.alerts[0]!.labels.hostname).toBeUndefined(); // two servers: no one host
  });

  it('mask secrets in answers', () => {
    expect(maskSecret('https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx')).toBe('https://hooks.slack.com/services/T0***');
    expect(maskSecret('R0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5')).toBe('R0***');
    expect(maskSecret('https://h.example.com/x?sig=secret')).toBe('https://h.example.com***');
  });
});

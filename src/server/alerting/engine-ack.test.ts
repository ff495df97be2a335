import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { receiver, type Hit } from '../testing/receiver';
import { until } from '../testing/until';
import { smtpReceiver, type Mail } from '../testing/smtp-receiver';
import { useEngine } from '../testing/engine-fixture';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
beforeAll(async () => void (smtp = await smtpReceiver()));
afterAll(() => smtp.close());

const f = useEngine({ smtpUrl: () => `smtp://127.0.0.1:${smtp.port}` });
/** E-mails of these tests are each read alone, at once: no group window (grouping.test.ts covers it). */
const sendAlone = async () => expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } })).status).toBe(200);
const HOT = () => ({ server: { cpu: 95, memory: 1 } });
const COOL = () => ({ server: { cpu: 1, memory: 1 } });

const events = async (alertId: number) =>
  (await f.svc.sql.all<{ event: string }>('SELECT event FROM notifications WHERE alert_id = ? ORDER BY id', alertId)).map((r) => r.event);

/** The mail's decoded text: quoted-printable soft breaks joined, =3D back to '='. */
const decoded = (m: Mail) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
const links = (m: Mail) => ({
  acks: [...decoded(m).matchAll(/https?:\/\/[^\s"<>]+\/ack\/([A-Za-z0-9._~-]+)/g)].map((x) => x[1]!),
  incidents: [...decoded(m).matchAll(/https?:\/\/[^\s"<>]+\/incidents\/(\d+)/g)].map((x) => Number(x[1])),
});

describe('acknowledged incidents', () => {
  it('get no reminders past two intervals while acknowledged, and are reminded again once un-acknowledged', async () => {
    const server = await registerTestServer(f.svc, 'ack-1');
    const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, interval: 5 });
    await f.feed('ack-1', 1, HOT);
    const [h] = await f.histories(id);
    expect(await events(id)).toEqual(['TRIGGERED']);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    await f.feed('ack-1', 11, HOT, 1); // minutes 1..11: two intervals of 5 pass
    expect(await events(id)).toEqual(['TRIGGERED']);
    expect(await f.inIncident(id)).toBe(true);

    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/unacknowledge/`)).status).toBe(200);
    await f.feed('ack-1', 1, HOT, 12);
    expect(await events(id)).toEqual(['TRIGGERED', 'REMINDER']);
    await f.feed('ack-1', 5, HOT, 13); // the interval counts again from the reminder: one more at minute 17
    expect(await events(id)).toEqual(['TRIGGERED', 'REMINDER', 'REMINDER']);
  });

  it('still sends the RESOLVED callback when an acknowledged incident ends', async () => {
    const rx = await receiver();
    const server = await registerTestServer(f.svc, 'ack-2');
    const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, interval: 5, subscribers: [`http://127.0.0.1:${rx.port}/cb`] });
    await f.feed('ack-2', 1, HOT);
    const [h] = await f.histories(id);
    await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`);
    await f.feed('ack-2', 1, COOL, 1);
    await until(() => rx.hits.length === 2);
    expect(rx.hits.map((x: Hit) => new URLSearchParams(x.url.split('?')[1]).get('status'))).toEqual(['TRIGGERED', 'RESOLVED']);
    expect((await f.histories(id))[0]!.end).not.toBeNull();
    await rx.close();
  });
});

describe('alert e-mails', () => {
  it('carry the recipient\'s one-use acknowledge link and the incident link, in text and html', async () => {
    await sendAlone();
    const server = await registerTestServer(f.svc, 'ack-3');
    const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50 });
    await f.feed('ack-3', 1, HOT);
    const [h] = await f.histories(id);
    // Each test has its own service and store; the receiver is shared, so the mail is told by its server's name.
    const ours = (m: Mail) => decoded(m).includes('host-ack-3');
    await until(() => smtp.mails.some(ours));
    const mail = smtp.mails.find(ours)!;
    const { acks, incidents } = links(mail);
    expect(incidents).toEqual([h!.id, h!.id]); // text and html
    expect(acks).toHaveLength(2);
    expect(new Set(acks).size).toBe(1);
    expect(decoded(mail)).toContain('http://localhost:8080/ack/');
    const token = decodeURIComponent(acks[0]!);
    expect(token.split('.').slice(0, 4)).toEqual(['a1', String(f.svc.account.id), String(h!.id), String(f.owner)]);

    // A mail scanner's GET changes nothing.
    const info = await f.svc.request('GET', `/api/v5/ack/${acks[0]}/`, { as: null });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ alert_history_id: h!.id, acknowledged_by: null });
    expect((await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/`)).body.acknowledged_by).toBeNull();

    const acted = await f.svc.request('POST', `/api/v5/ack/${acks[0]}/`, { as: null });
    expect(acted.status).toBe(200);
    expect(acted.body.acknowledged_by).toBe(f.owner);
    const again = await f.svc.request('POST', `/api/v5/ack/${acks[0]}/`, { as: null });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already used/);
  });
});

describe('RESOLVED e-mails', () => {
  it('tell the same people when an acknowledged incident ends, linking the incident but offering no acknowledge link', async () => {
    await sendAlone();
    const server = await registerTestServer(f.svc, 'ack-5');
    const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50 });
    await f.feed('ack-5', 1, HOT);
    const [h] = await f.histories(id);
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    await f.feed('ack-5', 1, COOL, 1);
    expect(await events(id)).toEqual(['TRIGGERED', 'RESOLVED']);
    const ours = (m: Mail) => decoded(m).includes('host-ack-5') && (m.subject ?? '').startsWith('Alert resolved:');
    await until(() => smtp.mails.some(ours));
    const mail = smtp.mails.find(ours)!;
    expect(mail.subject).toBe('Alert resolved: a (CPU above 50% on host-ack-5 (Linux))');
    expect(links(mail)).toEqual({ acks: [], incidents: [h!.id, h!.id] });
    // The timeline tells it, with its outcome.
    await until(async () => {
      const t = (await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data as { kind: string; channel?: string; event?: string; outcome?: string }[];
      return t.some((e) => e.kind === 'notification' && e.channel === 'email' && e.event === 'RESOLVED' && e.outcome === 'sent');
    });
  });
});

describe('the timeline', () => {
  it('lists triggered with its value, each e-mail and callback with its outcome, acknowledged, the note and resolved, in order', async () => {
    const rx = await receiver(0, (n) => ({ status: n === 1 ? 500 : 200 }));
    await sendAlone();
    const server = await registerTestServer(f.svc, 'ack-4');
    const secretUrl = `http://user:pw@127.0.0.1:${rx.port}/hooks/abcdef0123456789abcdef?token=s3cret`;
    const id = await f.alert({ type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, subscribers: [secretUrl] });
    // Data minutes near the wall clock, so the data's times and the outbox's read in one order.
    const from = 178; // START is three hours ago: about two minutes ago
    await f.feed('ack-4', 1, () => ({ server: { cpu: 97.5, memory: 1 } }), from);
    const [h] = await f.histories(id);
    await f.alerting.delivered();
    await until(() => rx.hits.length === 2);

    f.clock = Math.floor(Date.now() / 1000) + 60;
    await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`);
    f.clock += 60;
    const note = '<b>fan</b> replaced';
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/notes/`, { form: { text: note } })).status).toBe(201);
    f.clock += 600;
    await f.feed('ack-4', 1, COOL, from + 12);
    await f.alerting.delivered();

    const t = (await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data;
    const told = t.filter((e: { kind: string }) => e.kind === 'notification');
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', recipient: 'owner@example.com', event: 'TRIGGERED', outcome: 'sent', attempts: 1, error: null }),
        expect.objectContaining({ channel: 'callback', event: 'TRIGGERED', outcome: 'sent', attempts: 2, recipient: `http://***@127.0.0.1:${rx.port}/hooks/***?token=***` }),
        expect.objectContaining({ channel: 'callback', event: 'RESOLVED', outcome: 'sent', attempts: 1 }),
      ]),
    );
    expect(JSON.stringify(t)).not.toContain('s3cret');
    // The RESOLVED callback goes out (wall clock) before the data minute that resolved: the rest reads in order.
    const story = t.filter((e: { kind: string; event?: string }) => e.event !== 'RESOLVED');
    expect(story.map((e: { kind: string; channel?: string }) => e.channel ?? e.kind)).toEqual([
      'triggered',
      ...story.filter((e: { kind: string }) => e.kind === 'notification').map((e: { channel: string }) => e.channel),
      'acknowledged',
      'note',
      'resolved',
    ]);
    expect(story.slice(1, 3).map((e: { channel: string }) => e.channel).sort()).toEqual(['callback', 'email']);
    expect(t[0]).toMatchObject({ kind: 'triggered', value: 97.5, at: h!.start, subject: expect.stringContaining('triggered') });
    expect(t.find((e: { kind: string }) => e.kind === 'acknowledged')).toMatchObject({ user_id: f.owner });
    expect(t.find((e: { kind: string }) => e.kind === 'note').text).toBe(note);
    const ts = story.map((e: { at: number }) => e.at);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    await rx.close();
  });
});

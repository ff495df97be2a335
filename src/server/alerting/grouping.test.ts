import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, postBatch, registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { smtpReceiver, type Mail } from '../testing/smtp-receiver';
import { createUser } from '../testing/team';
import { START, useEngine } from '../testing/engine-fixture';

// A storm as an on-call engineer gets it: 40 servers' alerts trigger in the same minute, each e-mailing
// two people and calling one subscriber. With a group window each person gets one message (two when the
// window splits the storm) telling every incident; callbacks stay one per incident.
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let hooks: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  smtp = await smtpReceiver();
  hooks = await receiver();
});
afterAll(async () => {
  await smtp.close();
  await hooks.close();
});
const f = useEngine({ smtpUrl: () => `smtp://127.0.0.1:${smtp.port}` });

/** Creates `n` servers with a CPU alert each notifying the owner and `extra`, and triggers them all in one minute. */
async function storm(tag: string, n: number, extra: number): Promise<{ alerts: number[]; histories: number[]; starts: number[] }> {
  const alerts: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = await registerTestServer(f.svc, `${tag}-${i}`);
    alerts.push(
      await f.alert({
        name: `${tag} cpu ${i}`, type: 'Server', target_id: s, trigger_type: 'CPU', threshold: 50, users: [f.owner, extra],
        subscribers: [`http://127.0.0.1:${hooks.port}/${tag}`],
      }),
    );
  }
  await Promise.all(alerts.map((_, i) => postBatch(f.svc, batchFor(`${tag}-${i}`, START, { server: { cpu: 99, memory: 1 } }))));
  await f.alerting.idle();
  const first = (await Promise.all(alerts.map((a) => f.histories(a)))).map((h) => h[0]!);
  return { alerts, histories: first.map((h) => h.id), starts: first.map((h) => h.start) };
}

/** The notifications of incidents (the new user's confirmation mail is kept apart: no SMTP for it here). */
const alertRows = async () =>
  ((await f.svc.request('GET', '/api/v5/notifications/?limit=200')).body.data as { alert_id: number; state: string; group_size: number | null; delivery_id: string; recipient: string }[])
    .filter((r) => r.alert_id !== 0);
const to = (who: string) => smtp.mails.filter((m) => m.to.includes(who));
/** A message's raw text with quoted-printable soft line breaks undone. */
const flat = (m: Mail) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
/** The acknowledge links of a message: each token's incident and recipient (a1.<account>.<history>.<user>...). */
const ackLinks = (m: Mail) =>
  [...flat(m).matchAll(/\/ack\/(a1\.\d+\.(\d+)\.(\d+)\.[\w.-]+)/g)].map((x) => ({ token: x[1]!, history: Number(x[2]), user: Number(x[3]) }));
/** The incidents a message tells in full: the ids of the incident pages it links to. */
const told = (m: Mail) => [...flat(m).matchAll(/\/incidents\/(\d+)/g)].map((x) => Number(x[1]));

describe('notification grouping', () => {
  it('sends each recipient one message for 40 incidents of one minute (two at most), and 40 callbacks', async () => {
    const second = await createUser(f.svc, 3);
    expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 3 } })).status).toBe(200);
    const { alerts, histories, starts } = await storm('storm', 40, second.userId);
    const people = ['owner@example.com', second.email];
    const userOf = new Map([['owner@example.com', f.owner], [second.email, second.userId]]);

    await until(async () => {
      const rows = await alertRows();
      return rows.length === 80 && rows.every((r) => r.state === 'sent');
    }, 30_000);
    for (const who of people) {
      const mails = to(who);
      expect(mails.length, who).toBeGreaterThanOrEqual(1);
      expect(mails.length, who).toBeLessThanOrEqual(2);
      for (const m of mails) expect(m.subject).toMatch(/^\[Fleetwatch\] \d+ incidents: \d+ triggered$/);
      // The first 20 of a message are told in full with their page; the link to the Incidents page names
      // the alerts of every incident the message tells, so together they list all 40.
      const listed = new Set<number>();
      for (const m of mails) {
        const n = Number(/\[Fleetwatch\] (\d+) incidents/.exec(m.subject ?? '')![1]);
        const inFull = new Set(told(m));
        expect(inFull.size).toBe(Math.min(20, n));
        for (const id of inFull) expect(histories).toContain(id);
        // Every incident told in full carries its one-click acknowledge link, minted for this recipient.
        const acks = ackLinks(m);
        expect(new Set(acks.map((a) => a.history))).toEqual(inFull);
        for (const a of acks) expect(a.user, who).toBe(userOf.get(who));
        const link = /\/incidents\?view=range&(?:amp;)?from=(\d+)&(?:amp;)?to=(\d+)&(?:amp;)?alerts=([\d,]+)/.exec(flat(m))!;
        const named = link[3]!.split(',').map(Number);
        // The range spans the incidents' starts (data time), which is how the Incidents page selects them.
        for (const a of named) expect(starts[alerts.indexOf(a)]!).toBeGreaterThanOrEqual(Number(link[1]));
        for (const a of named) expect(starts[alerts.indexOf(a)]!).toBeLessThanOrEqual(Number(link[2]));
        expect(named.length).toBe(n);
        for (const a of named) listed.add(a);
        if (n > 20) expect(flat(m)).toContain(`and ${n - 20} more: http://localhost:8080/incidents?view=range`);
      }
      expect([...listed].sort((a, b) => a - b), who).toEqual([...alerts].sort((a, b) => a - b));
    }
    // Each row records the size of the message that carried it and that message's id (its Message-ID).
    for (const r of await alertRows()) {
      expect(r.group_size).toBeGreaterThan(1);
      expect(to(r.recipient).some((m) => m.messageId?.includes(r.delivery_id))).toBe(true);
    }
    // The incident's timeline says its e-mails went in a grouped message, and how large.
    const timeline = (await f.svc.request('GET', `/api/v5/alert_histories/${histories[0]}/timeline/`)).body.data as { kind: string; channel?: string; group_size?: number | null }[];
    const emailed = timeline.filter((e) => e.kind === 'notification' && e.channel === 'email');
    expect(emailed.length).toBe(people.length);
    for (const e of emailed) expect(e.group_size).toBeGreaterThan(1);
    // A grouped message's acknowledge link acts: the incident is acknowledged as that recipient.
    const link = ackLinks(to(second.email)[0]!)[0]!;
    expect((await f.svc.request('POST', `/api/v5/ack/${link.token}/`, { as: null })).status).toBe(200);
    const acked = (await f.svc.request('GET', `/api/v5/alert_histories/${link.history}/`)).body as { acknowledged_by: number | null };
    expect(acked.acknowledged_by).toBe(second.userId);
    // Callbacks are never grouped: one TRIGGERED callback per incident.
    await until(() => hooks.hits.filter((h) => h.url.startsWith('/storm')).length === 40, 10_000);
    // GET callbacks: the data is in the query string.
    const bodies = hooks.hits.filter((h) => h.url.startsWith('/storm')).map((h) => h.url);
    expect(new Set(bodies).size).toBe(40);
    for (const id of histories) expect(bodies.some((b) => b.includes(`alert_history_id=${id}&status=TRIGGERED`))).toBe(true);
  }, 60_000);

  it('sends each notification alone and at once with group_wait_s=0', async () => {
    const second = await createUser(f.svc, 3);
    expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } })).status).toBe(200);
    const before = smtp.mails.length;
    await storm('alone', 5, second.userId);
    await until(() => smtp.mails.length - before === 10, 10_000);
    // A message is handed over before its row records it: wait for the rows too, not only the mail.
    await until(async () => (await alertRows()).filter((r) => r.state === 'sent').length === 10, 10_000);
    const mails = smtp.mails.slice(before);
    for (const m of mails) expect(m.subject).toMatch(/^Alert triggered: alone cpu \d/);
    const rows = await alertRows();
    expect(rows.length).toBe(10);
    expect(rows.every((r) => r.group_size === null && r.state === 'sent')).toBe(true);
  }, 30_000);
});

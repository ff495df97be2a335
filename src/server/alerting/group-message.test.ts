import { describe, expect, it } from 'vitest';
import type { PendingNotification } from '../store/repos/outbox';
import { groupsOf } from '../store/common/outbox-groups';
import { groupDeliveryId, groupMessage, incidentsUrl } from './group-message';
import { emailWithLinks, renderMessage } from './messages';

const row = (i: number, over: Partial<PendingNotification> = {}): PendingNotification => ({
  id: i, accountId: 1, channel: 'email', recipient: 'a@example.com', subject: `Alert triggered: cpu ${i} (CPU above 90% on web-${i})`,
  body: `Alert triggered: cpu ${i} (CPU above 90% on web-${i})\n\nThe Server alert "cpu ${i}" triggered at 2026-11-27 03:10 UTC: CPU above 90% on web-${i}.\n`,
  html: '<p>x</p>', deliveryId: `d-${i}`, attempts: 0, alertId: 100 + i, alertHistoryId: 500 + i, created: 1_800_000_000 + i, ...over,
});
const links = { baseUrl: 'https://fw.example.com/' };

describe('grouped message', () => {
  it('says how many in the subject, tells the first 20 in full and links the rest', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i + 1, i === 24 ? { subject: 'Alert resolved: cpu 25 (CPU above 90% on web-25)' } : {}));
    const m = groupMessage(rows, links);
    expect(m.subject).toBe('[Fleetwatch] 25 incidents: 24 triggered, 1 resolved');
    for (let i = 1; i <= 20; i++) expect(m.body).toContain(`${i}. Alert triggered: cpu ${i} (CPU above 90% on web-${i})\n   The Server alert "cpu ${i}" triggered at`);
    for (let i = 1; i <= 20; i++) expect(m.body).toContain(`https://fw.example.com/incidents/${500 + i}\n`);
    expect(m.body).not.toContain('cpu 21 (');
    expect(m.body).toContain(`and 5 more: ${incidentsUrl(links, rows)}`);
    expect(incidentsUrl(links, rows)).toBe(`https://fw.example.com/incidents?view=range&from=1799999940&to=1800000060&alerts=${rows.map((r) => r.alertId).join(',')}`);
    expect(m.deliveryId).toBe(groupDeliveryId(rows));
    expect(m.html).toContain('<ol><li><strong>Alert triggered: cpu 1');
  });

  it('escapes user text in the html form and keeps an SMS within 160 characters', () => {
    const rows = [row(1, { subject: 'Alert triggered: <script>x</script> (CPU on a&b)' }), row(2)];
    const m = groupMessage(rows, links);
    expect(m.html).toContain('&lt;script&gt;x&lt;/script&gt; (CPU on a&amp;b)');
    expect(m.html).not.toContain('<script>');
    const sms = groupMessage(Array.from({ length: 30 }, (_, i) => row(i, { channel: 'sms', body: 'TRIGGERED cpu' })), links);
    expect(sms.body.length).toBeLessThanOrEqual(160);
    expect(sms.body).toMatch(/^30 incidents \(30 triggered\): triggered: cpu 0/);
    expect(sms.html).toBeNull();
  });

  it('has an id that changes with the rows it carries, not with their order', () => {
    expect(groupDeliveryId([row(1), row(2)])).toBe(groupDeliveryId([row(2), row(1)]));
    expect(groupDeliveryId([row(1), row(2)])).not.toBe(groupDeliveryId([row(1), row(2), row(3)]));
  });
});

describe('acknowledge links in a grouped e-mail', () => {
  // Rows as the engine queues them: each incident's own e-mail to this recipient, with its own links.
  const ack = (i: number) => `https://fw.example.com/ack/a1.1.${500 + i}.7.1800604800.nonce${i}.sig${i}`;
  const queued = (i: number): PendingNotification => {
    const m = renderMessage({ alertName: `cpu ${i}`, alertType: 'Server', trigger: 'CPU above 90%', target: `web-${i}`, status: 'TRIGGERED', minute: 1_800_000_000, value: 97, historyId: 500 + i });
    const mail = emailWithLinks(m, { acknowledge: ack(i), incident: `https://fw.example.com/incidents/${500 + i}` });
    return row(i, { subject: m.subject, body: mail.text, html: mail.html });
  };

  it("carries each incident told in full with the recipient's own acknowledge link, once, beside its page", () => {
    const rows = Array.from({ length: 22 }, (_, i) => queued(i + 1));
    const m = groupMessage(rows, links);
    for (let i = 1; i <= 20; i++) {
      const told = m.body.split(/\n(?=\d+\. )/).find((b) => b.startsWith(`${i}. `))!;
      expect(told).toContain(`   Acknowledge (opens a confirm page): ${ack(i)}\n   Incident: https://fw.example.com/incidents/${500 + i}`);
      expect(m.body.split(ack(i)).length - 1).toBe(1);
      expect(m.body.split(`/incidents/${500 + i}\n`).length - 1).toBe(1);
      expect(m.html).toContain(`<a href="${ack(i)}">Acknowledge this incident</a> (opens a confirm page) &middot; <a href="https://fw.example.com/incidents/${500 + i}">Open the incident</a></li>`);
    }
    // The ones past the first 20 are only counted and linked through the Incidents page.
    for (const i of [21, 22]) expect(`${m.body}${m.html}`).not.toContain(ack(i));
    expect(m.body).toContain('and 2 more: https://fw.example.com/incidents?view=range');
  });

  it('still links each incident page when its row was written without links', () => {
    const m = groupMessage([row(1), queued(2)], links);
    expect(m.body).toContain('1. Alert triggered: cpu 1 (CPU above 90% on web-1)\n   The Server alert "cpu 1" triggered at 2026-11-27 03:10 UTC: CPU above 90% on web-1.\n   Incident: https://fw.example.com/incidents/501\n');
    expect(m.body).toContain(ack(2));
    expect(m.html).not.toContain('<a href="undefined"');
  });
});

describe('the Incidents link of a grouped message', () => {
  it('spans the starts of its incidents, however late their rows were queued (late data, reminders)', () => {
    // A reminder queued hours after its incident started, and a row queued a minute after its start.
    const rows = [row(1, { created: 1_800_007_200 }), row(2, { created: 1_800_000_090 })];
    const starts = new Map([[501, 1_799_999_820], [502, 1_800_000_000]]);
    expect(incidentsUrl(links, rows, starts)).toBe('https://fw.example.com/incidents?view=range&from=1799999760&to=1800000060&alerts=101,102');
    expect(groupMessage(rows, links, starts).body).toContain('from=1799999760&to=1800000060&alerts=101,102');
    // Without a known start (no history, or none found) a row counts from when it was queued.
    expect(incidentsUrl(links, [row(3, { alertHistoryId: null, created: 1_800_000_030 })], starts)).toBe('https://fw.example.com/incidents?view=range&from=1799999940&to=1800000060&alerts=103');
  });
});

describe('groups of a claim', () => {
  it('joins rows of one recipient and channel queued with a window, oldest first; others go alone', () => {
    const r = (id: number, recipient: string, channel: string, w: number) => ({ id, account_id: 1, channel, recipient, group_wait_s: w });
    const due = [r(1, 'a', 'email', 30), r(2, 'b', 'email', 30), r(3, 'a', 'email', 30), r(4, 'a', 'sms', 30), r(5, 'a', 'email', 0), r(6, 'b', 'email', 0)];
    expect(groupsOf(due).map((g) => g.map((x) => x.id))).toEqual([[1, 3], [2], [4], [5], [6]]);
    expect(groupsOf([{ ...r(7, 'a', 'email', 30), account_id: 2 }, r(8, 'a', 'email', 30)]).map((g) => g.map((x) => x.id))).toEqual([[7], [8]]);
  });
});

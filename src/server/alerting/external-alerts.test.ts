import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEngine } from '../testing/engine-fixture';
import { smtpReceiver } from '../testing/smtp-receiver';
import { createUser } from '../testing/team';
import { until } from '../testing/until';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
beforeAll(async () => {
  smtp = await smtpReceiver();
});
afterAll(async () => smtp.close());

const f = useEngine({ smtpUrl: () => `smtp://127.0.0.1:${smtp.port}` });
const iso = (t: number) => new Date(t * 1000).toISOString();
const minute = (t: number) => Math.floor(t / 60) * 60;

/** An alert as Prometheus sends it: endsAt a few minutes ahead while it fires. */
const firing = (labels: Record<string, string>, startsAt: number, now: number, extra: Record<string, unknown> = {}) => ({
  labels,
  annotations: { summary: `${labels.alertname} is high`, description: 'the gauge went over 5' },
  startsAt: iso(startsAt),
  endsAt: iso(now + 240),
  generatorURL: 'http://prometheus.example:9090/graph?g0.expr=fw_test_gauge+%3E+5',
  ...extra,
});

const post = (body: unknown) => f.svc.request('POST', '/api/v2/alerts', { json: body });
const externals = async () => (await f.svc.request('GET', '/api/v5/external_alerts/')).body.data as { id: number; state: string; incident_id: number | null; last_seen: number; labels: Record<string, string> }[];
const histories = async () =>
  ((await f.svc.request('GET', '/api/v5/alert_histories/?start=0')).body.data as { id: number; alert_type: string; alert_id: number; start: number; end: number | null; labels?: Record<string, string>; generator_url?: string; silenced: boolean }[]).filter(
    (h) => h.alert_type === 'External',
  );
const notices = async (historyId: number) =>
  f.svc.sql.all<{ event: string; state: string; recipient: string; body: string }>('SELECT event, state, recipient, body FROM notifications WHERE alert_history_id = ? ORDER BY id', historyId);
const mailsAbout = (name: string) => smtp.mails.filter((m) => m.raw.includes(`alert "${name}"`));

beforeEach(async () => {
  smtp.mails.length = 0;
  expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } })).status).toBe(200);
});

describe('external alerts (POST /api/v2/alerts)', () => {
  it('open an incident on the first send, refresh it on resends, and resolve it when endsAt in a body has passed', async () => {
    const t0 = f.clock;
    const labels = { alertname: 'GaugeHigh', job: 'fw', instance: '127.0.0.1:1' };
    const r = await post([firing(labels, t0 - 30, t0)]);
    expect(r.status).toBe(200);
    expect(r.body).toBeNull(); // empty body, as Alertmanager answers

    const [h] = await histories();
    expect(h).toMatchObject({ alert_id: 0, start: minute(t0 - 30), end: null, labels, generator_url: 'http://prometheus.example:9090/graph?g0.expr=fw_test_gauge+%3E+5' });
    const [ext] = await externals();
    expect(ext).toMatchObject({ state: 'firing', incident_id: h!.id, labels });
    // The spec's /alerts/ listing knows no External type: it stays out of it.
    expect((await f.svc.request('GET', '/api/v5/alerts/')).body.data).toEqual([]);

    // The owner is told by e-mail: alertname, labels, summary, description, source and an acknowledge link.
    await until(() => mailsAbout('GaugeHigh').length === 1);
    // The mail arrives before the dispatcher records its send: wait for the record.
    await until(async () => (await notices(h!.id))[0]?.state === 'sent');
    const [mail] = await notices(h!.id);
    expect(mail).toMatchObject({ event: 'TRIGGERED', state: 'sent', recipient: f.svc.account.email });
    for (const part of ['GaugeHigh', 'job="fw"', 'Summary: GaugeHigh is high', 'Description: the gauge went over 5', 'Source: http://prometheus.example:9090/', 'Acknowledge (opens a confirm page): http']) {
      expect(mail!.body).toContain(part);
    }

    // Prometheus resends every minute with endsAt moved ahead: nothing new opens, last seen moves.
    for (let i = 1; i <= 3; i++) {
      f.clock = t0 + 60 * i;
      expect((await post([firing(labels, t0 - 30, f.clock)])).status).toBe(200);
    }
    expect(await histories()).toHaveLength(1);
    expect((await externals())[0]!.last_seen).toBe(t0 + 180);
    expect(await notices(h!.id)).toHaveLength(1);

    // Resolved: endsAt in the past.
    f.clock = t0 + 300;
    expect((await post([{ ...firing(labels, t0 - 30, 0), endsAt: iso(t0 + 250) }])).status).toBe(200);
    const [ended] = await histories();
    expect(ended).toMatchObject({ id: h!.id, end: minute(t0 + 250) });
    expect((await externals())[0]).toMatchObject({ state: 'resolved', incident_id: null });
    await until(async () => (await notices(h!.id)).map((n) => `${n.event}:${n.state}`).join() === 'TRIGGERED:sent,RESOLVED:sent');
    // A resolved alert sent again (Prometheus repeats them for a while) opens nothing.
    expect((await post([{ ...firing(labels, t0 - 30, 0), endsAt: iso(t0 + 250) }])).status).toBe(200);
    expect(await histories()).toHaveLength(1);

    // The incident has its timeline, as a native one.
    const tl = (await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data as { kind: string }[];
    expect(tl.map((e) => e.kind)).toEqual(['triggered', 'notification', 'notification', 'resolved']);
  });

  it('resolve by the clock when an alert is not sent again before its endsAt', async () => {
    const t0 = f.clock;
    expect((await post([firing({ alertname: 'Stale', job: 'x' }, t0, t0)])).status).toBe(200);
    f.clock = t0 + 200; // before endsAt (t0 + 240): still firing
    await f.alerting.engine.checkExternal();
    expect((await histories())[0]!.end).toBeNull();
    f.clock = t0 + 241;
    const r = await f.alerting.engine.checkExternal();
    expect(r.resolved).toBe(1);
    expect((await histories())[0]!.end).toBe(minute(t0 + 240));
    expect((await externals())[0]!.state).toBe('resolved');
  });

  it('remind every interval until acknowledged', async () => {
    const t0 = f.clock;
    expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { json: { external_alert_interval: 5 } })).body.external_alert_interval).toBe(5);
    // Resends keep it firing; the clock checks for reminders.
    const keep = async (at: number) => {
      f.clock = at;
      expect((await post([firing({ alertname: 'Nagging' }, t0, at)])).status).toBe(200);
      return f.alerting.engine.checkExternal();
    };
    await keep(t0);
    const [h] = await histories();
    expect((await keep(t0 + 240)).reminded).toBe(0);
    expect((await keep(t0 + 300)).reminded).toBe(1);
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    expect((await keep(t0 + 600)).reminded).toBe(0);
    expect((await keep(t0 + 1200)).reminded).toBe(0);
    expect((await notices(h!.id)).map((n) => n.event)).toEqual(['TRIGGERED', 'REMINDER']);
    expect((await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/`)).body.acknowledged_by).not.toBeNull();
  });

  it('a silence matching by label holds back its notifications; an alert it does not match is told', async () => {
    const t0 = f.clock;
    const s = await f.svc.request('POST', '/api/v5/silences/', {
      json: { matchers: [{ name: 'severity', value: 'crit.*', isRegex: true }, { name: 'team', value: 'db', isEqual: false }], duration: 3600, reason: 'migration' },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body.matchers).toEqual([
      { name: 'severity', value: 'crit.*', isRegex: true, isEqual: true },
      { name: 'team', value: 'db', isRegex: false, isEqual: false },
    ]);
    const held = { alertname: 'Quiet', severity: 'critical', team: 'web' };
    const told = { alertname: 'Loud', severity: 'critical', team: 'db' };
    expect((await post([firing(held, t0, t0), firing(told, t0, t0)])).status).toBe(200);
    const hs = await histories();
    const quiet = hs.find((h) => h.labels?.alertname === 'Quiet')!;
    const loud = hs.find((h) => h.labels?.alertname === 'Loud')!;
    await until(async () => (await notices(loud.id))[0]?.state === 'sent');
    expect((await notices(quiet.id)).map((n) => n.state)).toEqual(['silenced']);
    expect(quiet.silenced).toBe(true);
    expect(loud.silenced).toBe(false);
    expect(mailsAbout('Quiet')).toEqual([]);
    // A native alert's incidents are never matched by a silence of labels (silence-match.test.ts).
  });

  it('walk the account\'s escalation policy for external alerts instead of telling external_alert_users, and stop when acknowledged', async () => {
    const users = (await f.svc.request('GET', '/api/v5/users/')).body.data as { id: number; is_account_owner: boolean }[];
    const nightUser = await createUser(f.svc);
    const night = nightUser.userId;
    const p = await f.svc.request('POST', '/api/v5/escalation_policies/', {
      json: { name: 'Prometheus pages', steps: [{ delay_minutes: 0, targets: { users: [night] } }, { delay_minutes: 10, targets: { users: [users.find((u) => u.is_account_owner)!.id] } }], repeat: 0 },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    // Another account's or an unknown policy is refused, naming the field; 0 clears it.
    const bad = await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { external_escalation_policy: p.body.id + 1000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/external_escalation_policy/);
    const set = await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { external_escalation_policy: p.body.id } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ external_escalation_policy: p.body.id, group_wait_s: 0 });

    const t0 = f.clock;
    expect((await post([firing({ alertname: 'Paged' }, t0 - 30, t0)])).status).toBe(200);
    const [h] = await histories();
    // Nobody is told at once: the walk's first step is (no e-mail to the owner as external_alert_users).
    expect(await notices(h!.id)).toEqual([]);
    expect(await f.alerting.engine.escalate()).toBe(1);
    expect((await notices(h!.id)).map((n) => [n.event, n.recipient])).toEqual([['TRIGGERED', nightUser.email]]);
    const tl = (await f.svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data as { kind: string }[];
    expect(tl.map((e) => e.kind)).toContain('escalated');

    // Acknowledged: step 2 never comes, nor a reminder.
    expect((await f.svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`)).status).toBe(200);
    f.clock += 15 * 60;
    expect((await post([firing({ alertname: 'Paged' }, t0 - 30, f.clock)])).status).toBe(200);
    expect(await f.alerting.engine.escalate()).toBe(0);
    await f.alerting.engine.checkExternal();
    expect((await notices(h!.id)).map((n) => n.event)).toEqual(['TRIGGERED']);

    // Resolved: those the walk told hear of it.
    expect((await post([firing({ alertname: 'Paged' }, t0 - 30, f.clock, { endsAt: iso(f.clock - 5) })])).status).toBe(200);
    expect((await notices(h!.id)).map((n) => [n.event, n.recipient])).toEqual([['TRIGGERED', nightUser.email], ['RESOLVED', nightUser.email]]);
    expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { external_escalation_policy: 0 } })).body.external_escalation_policy).toBeNull();
  });

  it.each([
    ['an object, not a list', { labels: { alertname: 'x' } }, /JSON list/],
    ['no labels', [{ annotations: {} }], /alert 0 \(labels\)/],
    ['empty labels', [{ labels: {} }], /at least one label/],
    ['only empty label values', [{ labels: { alertname: '' } }], /at least one label/],
    ['a number as label value', [{ labels: { alertname: 'x', n: 5 } }], /labels/],
    ['a bad startsAt', [{ labels: { alertname: 'x' }, startsAt: 'yesterday' }], /startsAt must be an RFC 3339 time/],
    ['endsAt before startsAt', [{ labels: { alertname: 'x' }, startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T09:00:00Z' }], /endsAt must not be before startsAt/],
    ['a NUL in a label', [{ labels: { alertname: 'x\u0000' } }], /NUL/],
    ['a valid alert then an invalid one', [{ labels: { alertname: 'ok' } }, { labels: 'no' }], /alert 1/],
    ['too many alerts', Array.from({ length: 1001 }, (_, i) => ({ labels: { alertname: `a${i}` } })), /at most 1000/],
  ])('refuse %s with 400 in the API error shape, storing nothing', async (_what, body, message) => {
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(message);
    expect(await externals()).toEqual([]);
    expect(await histories()).toEqual([]);
  });

  it('accept Go zero times as unset: startsAt now, endsAt a resolve timeout later', async () => {
    const r = await post([{ labels: { alertname: 'Grafana' }, startsAt: '0001-01-01T00:00:00Z', endsAt: '0001-01-01T00:00:00Z' }]);
    expect(r.status).toBe(200);
    const [ext] = (await f.svc.request('GET', '/api/v5/external_alerts/')).body.data;
    expect(ext).toMatchObject({ state: 'firing', starts_at: f.clock, ends_at: f.clock + 300, generator_url: '' });
  });
});

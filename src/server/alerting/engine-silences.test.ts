import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { smtpReceiver } from '../testing/smtp-receiver';
import { useEngine } from '../testing/engine-fixture';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let rx: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  smtp = await smtpReceiver();
  rx = await receiver();
});
afterAll(async () => {
  await smtp.close();
  await rx.close();
});

const f = useEngine({ smtpUrl: () => `smtp://127.0.0.1:${smtp.port}` });
const hot = { server: { cpu: 99, memory: 1 } };
const cool = { server: { cpu: 1, memory: 1 } };

/** A Server CPU alert named `name` on a new server, e-mailing the owner and calling back to `/<name>`. */
async function watched(name: string, extra: Record<string, unknown> = {}) {
  // The e-mails are read one by one, at once: no group window (grouping.test.ts covers it).
  expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } })).status).toBe(200);
  const server = await registerTestServer(f.svc, name);
  const subscribers = [`http://127.0.0.1:${rx.port}/${name}`];
  const id = await f.alert({ name, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 50, subscribers, ...extra });
  return { server, id };
}

async function silence(form: Record<string, unknown>) {
  const r = await f.svc.request('POST', '/api/v5/silences/', { form: { reason: 'quick reboot', ...form } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

const mailsAbout = (name: string) => smtp.mails.filter((m) => m.subject?.includes(`: ${name} (`));
const callbacksTo = (name: string) => rx.hits.filter((h) => h.url.startsWith(`/${name}?`));
const states = async (alertId: number) => (await f.svc.sql.all<{ state: string }>('SELECT state FROM notifications WHERE alert_id = ? ORDER BY id', alertId)).map((r) => r.state);
const silencedFlag = async (historyId: number) => Boolean((await f.svc.sql.get<{ silenced: number | boolean }>('SELECT silenced FROM alert_histories WHERE id = ?', historyId))!.silenced);
async function events(historyId: number) {
  const rows = await f.svc.sql.all<{ kind: string; data: unknown }>('SELECT kind, data FROM incident_events WHERE history_id = ? ORDER BY id', historyId);
  return rows.map((r) => ({ kind: r.kind, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
}

describe('silences in the alert engine', () => {
  // These tests wait for the unsilenced e-mail to be sent: no group window (grouping.test.ts covers it).
  beforeEach(async () => expect((await f.svc.request('PUT', '/api/v5/notification_settings/', { form: { group_wait_s: 0 } })).status).toBe(200));
  it('hold back the e-mails of a matching incident (outbox rows silenced) while its callback still goes, saying silenced=true', async () => {
    const quiet = await watched('quiet');
    const loud = await watched('loud');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'rebooting', servers: [quiet.server] } })).body.id;
    const set = (await f.svc.request('POST', '/api/server_sets/', { form: { name: 'rack 4', server_tags: [tag] } })).body.id;
    const id = await silence({ server_sets: [set], duration: 3600 });

    await f.feed('quiet', 1, () => hot);
    await f.feed('loud', 1, () => hot);
    // The loud incident's e-mail shows the outbox was worked; the quiet one's never can be, as it is not pending.
    await until(async () => (await states(loud.id))[0] === 'sent' && callbacksTo('quiet').length === 1 && callbacksTo('loud').length === 1);
    expect(mailsAbout('loud')).toHaveLength(1);
    expect(mailsAbout('quiet')).toEqual([]);
    expect(await states(quiet.id)).toEqual(['silenced']);

    const [h] = await f.histories(quiet.id);
    expect(callbacksTo('quiet')[0]!.url).toBe(`/quiet?alert_id=${quiet.id}&alert_history_id=${h!.id}&status=TRIGGERED&silenced=true`);
    expect(callbacksTo('loud')[0]!.url).not.toContain('silenced');
    expect(await silencedFlag(h!.id)).toBe(true);
    expect(await silencedFlag((await f.histories(loud.id))[0]!.id)).toBe(false);
    expect(await events(h!.id)).toEqual([{ kind: 'silenced', data: { silence_id: id, reason: 'quick reboot' } }]);

    // It resolves on its own schedule, its RESOLVED callback also marked.
    await f.feed('quiet', 1, () => cool, 1);
    await until(() => callbacksTo('quiet').length === 2);
    expect(callbacksTo('quiet')[1]!.url).toContain('status=RESOLVED&silenced=true');
    expect(await events(h!.id)).toHaveLength(1);
    // Its RESOLVED e-mail is held back too: nobody was told it began.
    expect(await states(quiet.id)).toEqual(['silenced', 'silenced']);
    expect(mailsAbout('quiet')).toEqual([]);
  });

  it('let the next reminder go out once the silence has ended', async () => {
    const a = await watched('reboot', { interval: 1 });
    const id = await silence({ alerts: [a.id], duration: 600 });
    await f.feed('reboot', 1, () => hot);
    await f.feed('reboot', 1, () => hot, 1);
    expect(await states(a.id)).toEqual(['silenced', 'silenced']);
    const [h] = await f.histories(a.id);
    expect(await events(h!.id)).toEqual([{ kind: 'silenced', data: { silence_id: id, reason: 'quick reboot' } }]);

    f.clock += 600;
    expect((await f.svc.request('GET', `/api/v5/silences/${id}/`)).body.state).toBe('expired');
    await f.feed('reboot', 1, () => hot, 2);
    await until(async () => (await states(a.id))[2] === 'sent');
    expect(mailsAbout('reboot').map((m) => m.subject)).toEqual([expect.stringContaining('Alert still triggered: reboot')]);
    expect(await states(a.id)).toEqual(['silenced', 'silenced', 'sent']);
    await f.feed('reboot', 1, () => cool, 3);
    await until(() => callbacksTo('reboot').length === 2);
    expect(callbacksTo('reboot').map((c) => c.url.includes('silenced'))).toEqual([true, false]);
  });

  it('change nothing when they do not match the incident', async () => {
    const a = await watched('other');
    const bystander = await watched('bystander');
    const tag = (await f.svc.request('POST', '/api/server_tags/', { form: { name: 'elsewhere', servers: [bystander.server] } })).body.id;
    const misses = [{ alerts: [bystander.id] }, { alert_name: 'bystand' }, { servers: [bystander.server] }, { server_tags: [tag] }, { alerts: [a.id], start: f.clock + 60 }];
    for (const form of misses) await silence({ ...form, duration: 3600 });
    await f.feed('other', 1, () => hot);
    await until(async () => (await states(a.id))[0] === 'sent' && callbacksTo('other').length === 1);
    expect(mailsAbout('other')).toHaveLength(1);
    const [h] = await f.histories(a.id);
    expect(await states(a.id)).toEqual(['sent']);
    expect(callbacksTo('other')[0]!.url).toBe(`/other?alert_id=${a.id}&alert_history_id=${h!.id}&status=TRIGGERED`);
    expect(await silencedFlag(h!.id)).toBe(false);
    expect(await events(h!.id)).toEqual([]);
  });
});

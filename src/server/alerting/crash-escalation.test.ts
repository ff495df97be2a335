import { describe, expect, it } from 'vitest';
import { useCrashService } from '../testing/crash-service';
import { batchFor, registrationFor } from '../testing/ingest';
import { until } from '../testing/until';

// Escalation across SIGKILL, as an operator whose host dies would see it: main.ts in its own process
// group (the walk runs there under its lease, by the wall clock), four alerts naming a policy of two
// steps (Ada at once, Bob a minute later), killed once between the steps and once around the moment
// the second steps come due, restarted on the same store each time. Every incident must get exactly
// one step-1 and one step-2 e-mail (a repeat only with the same Message-ID) and two 'escalated' events.
const ALERTS = 4;
const svc = useCrashService({ name: 'crash-esc', email: 'escalate@example.com', smtpDelayMs: 100 });
const { api } = svc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const restart = () => svc.crash();

describe('the escalation walk across SIGKILL', () => {
  it('skips no step and doubles none beyond the idempotency key', async () => {
    const user = async (name: string) => {
      const r = await api('POST', '/api/v5/users/', { first_name: name, last_name: 'Oncall', email: `${name.toLowerCase()}@example.com`, country_code: 1, phone_number: 5550100, role: 2 });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    };
    const [ada, bob] = [await user('Ada'), await user('Bob')];
    const policy = await api('POST', '/api/v5/escalation_policies/', {
      name: 'crash', steps: [{ delay_minutes: 0, targets: { users: [ada] } }, { delay_minutes: 1, targets: { users: [bob] } }],
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    const owner = (await api('GET', '/api/v5/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const alerts: number[] = [];
    for (let i = 0; i < ALERTS; i++) {
      const server = (await api('POST', '/api/v5/collector/register', registrationFor(`esc-crash-${i}`))).body.server_id as number;
      const a = await api('POST', '/api/v5/alerts/', { name: `esc ${i}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner], escalation_policy: policy.body.id });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      alerts.push(a.body.id);
    }
    const started = Date.now();
    for (let i = 0; i < ALERTS; i++) {
      expect((await api('POST', '/api/v5/collector/batches', batchFor(`esc-crash-${i}`, base, { server: { cpu: 99, memory: 1 } }))).status).toBe(201);
      await sleep(500 + Math.random() * 500);
    }
    const historyOf = async (alertId: number) => ((await api('GET', `/api/v5/alert_histories/?filter=[${alertId}]&start=0`)).body.data as { id: number }[])[0]?.id;
    // Between the steps: once some step-1 e-mail went out.
    await until(() => svc.smtp.mails.some((m) => m.to.includes('ada@example.com')), 30_000);
    await restart();
    // Around the moment the second steps come due (a minute after each start, within the walk's 5 s tick and the lease's takeover).
    await sleep(Math.max(0, started + 60_000 - Date.now()) + Math.random() * 4000);
    await restart();

    const histories = await Promise.all(alerts.map(async (id) => until(() => historyOf(id), 30_000)));
    const mailsTo = (who: string, h: number) => svc.smtp.mails.filter((m) => m.to.includes(who) && m.raw.replace(/=\r?\n/g, '').includes(`/incidents/${h}`));
    for (const h of histories) {
      await until(() => mailsTo('bob@example.com', h).length > 0, 60_000);
      const events = async () => ((await api('GET', `/api/v5/alert_histories/${h}/timeline/`)).body.data as { kind: string; step: number }[]).filter((e) => e.kind === 'escalated');
      expect((await events()).map((e) => e.step), `incident ${h}: each step once`).toEqual([1, 2]);
      for (const who of ['ada@example.com', 'bob@example.com']) {
        const ids = new Set(mailsTo(who, h).map((m) => m.messageId));
        expect(ids.size, `incident ${h}: one e-mail to ${who} (repeats keep their Message-ID)`).toBe(1);
      }
    }
    // The alerts' own user (the owner) hears nothing from them: the policy's steps tell people.
    expect(histories.flatMap((h) => mailsTo('escalate@example.com', h))).toEqual([]);
    // One row per step in the outbox (the users' profile confirmations aside).
    const rows = (await api('GET', '/api/v5/notifications/?limit=2500')).body.data as { alert_history_id: number | null }[];
    expect(rows.filter((r) => r.alert_history_id !== null)).toHaveLength(2 * ALERTS);
  }, 240_000);
});

import { describe, expect, it } from 'vitest';
import { useCrashService } from '../testing/crash-service';
import { batchFor, registrationFor } from '../testing/ingest';
import { until } from '../testing/until';

// The alert path across crashes, as an operator whose host dies would see it: main.ts in its own
// process group, a loopback SMTP server and a loopback callback receiver (both slow to answer, so a
// kill can land mid-delivery), an alert on CPU > 90, a minute at 99 % acknowledged with 201, then
// SIGKILL at a random point (right after the 201, during evaluation, during delivery), a restart on
// the same store, and normal minutes after it. Every trial must end with exactly one history for the
// triggering minute, its e-mail and its callback received at least once (duplicates only with the
// same idempotency key) and nothing left to send.
const TRIALS = 21;
// Each incident's e-mail is looked for by its own subject: grouping (tested in grouping*.test.ts) is off.
const svc = useCrashService({ name: 'crash', email: 'oncall@example.com', smtpDelayMs: 150, hookDelayMs: 150 });
const { api } = svc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the alert path across SIGKILL', () => {
  it(`loses no alert, history, e-mail or callback over ${TRIALS} crashes at random points`, async () => {
    const owner = (await api('GET', '/api/v5/users/')).body.data[0].id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const points = ['after-ack', 'evaluation', 'delivery'] as const;
    const trials: { alertId: number; minute: number; point: string }[] = [];

    for (let i = 0; i < TRIALS; i++) {
      const guid = `crash-${i}`;
      const server = (await api('POST', '/api/v5/collector/register', registrationFor(guid))).body.server_id as number;
      const alert = await api('POST', '/api/v5/alerts/', {
        name: `cpu ${i}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner],
        subscribers: [{ url: `http://127.0.0.1:${svc.hooks.port}/hook/${i}`, type: 'post', event: 'TRIGGERED' }],
      });
      expect(alert.status).toBe(201);
      const minute = base + i * 300;
      const point = points[i % points.length]!;
      trials.push({ alertId: alert.body.id, minute, point });

      const ack = await api('POST', '/api/v5/collector/batches', batchFor(guid, minute, { server: { cpu: 99, memory: 1 } }));
      expect(ack.status).toBe(201);
      if (point === 'evaluation') await sleep(Math.random() * 40);
      if (point === 'delivery') {
        await until(async () => (await api('GET', `/api/v5/alert_histories/?filter=[${alert.body.id}]&start=0`)).body.data.length > 0, 20_000);
        await sleep(Math.random() * 250);
      }
      await svc.crash();
      for (let k = 1; k <= 2; k++) {
        expect((await api('POST', '/api/v5/collector/batches', batchFor(guid, minute + k * 60, { server: { cpu: 10, memory: 1 } }))).status).toBe(201);
      }
    }

    for (const t of trials) {
      await until(async () => (await api('GET', `/api/v5/alert_histories/?filter=[${t.alertId}]&start=0`)).body.data.length > 0, 30_000);
      const histories = (await api('GET', `/api/v5/alert_histories/?filter=[${t.alertId}]&start=0`)).body.data as { id: number; start: number }[];
      expect(histories.map((h) => h.start), `${t.point}: one history for the triggering minute`).toEqual([t.minute]);
      const historyId = histories[0]!.id;
      await until(() => svc.hooks.hits.some((h) => h.body === `alert_id=${t.alertId}&alert_history_id=${historyId}&status=TRIGGERED`), 30_000);
      // The TRIGGERED e-mail, and the RESOLVED one once the two quiet minutes ended the incident.
      for (const verb of ['triggered', 'resolved']) {
        await until(() => svc.smtp.mails.some((m) => m.subject?.startsWith(`Alert ${verb}: cpu ${trials.indexOf(t)} `) ?? false), 30_000);
      }
    }
    // Duplicates are recognisable: every repeat carries the idempotency key of its first.
    const byBody = new Map<string, Set<string>>();
    for (const h of svc.hooks.hits) byBody.set(h.body, (byBody.get(h.body) ?? new Set()).add(String(h.headers['idempotency-key'])));
    for (const keys of byBody.values()) expect(keys.size).toBe(1);
    const bySubject = new Map<string, Set<string>>();
    for (const m of svc.smtp.mails) bySubject.set(m.subject ?? '', (bySubject.get(m.subject ?? '') ?? new Set()).add(m.messageId ?? ''));
    for (const ids of bySubject.values()) expect(ids.size).toBe(1);
    expect(byBody.size).toBe(TRIALS);
    expect(bySubject.size).toBe(2 * TRIALS);
    // Nothing is left half-sent.
    await until(async () => {
      const n = (await api('GET', '/api/v5/notifications/?limit=2500')).body.data as { state: string }[];
      return n.length === 2 * TRIALS && n.every((x) => x.state === 'sent');
    }, 30_000);
  }, 600_000);
});

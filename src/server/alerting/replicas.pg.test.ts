import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../store/test-store';
import { startHaproxy } from '../testing/haproxy';
import { batchFor, registrationFor } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { callService, createAccountIn, startServiceProcess, type ServiceProcess } from '../testing/service-process';
import { smtpReceiver } from '../testing/smtp-receiver';

// Two stateless replicas on one PostgreSQL database behind HAProxy, 20 collectors uploading through
// it, one replica SIGKILLed halfway: no acknowledged batch lost or duplicated, every triggering minute
// evaluated once with its notifications delivered, and the API answering through the survivor.
const COLLECTORS = 20;
const MINUTES = 10;
const triggerAt = (s: number) => 2 + (s % (MINUTES - 2));

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let hooks: Awaited<ReturnType<typeof receiver>>;
let lb: Awaited<ReturnType<typeof startHaproxy>>;
const replicas: ServiceProcess[] = [];
let auth = '';

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await smtpReceiver();
  hooks = await receiver();
  const env = {
    DATABASE_URL: db.url,
    PG_POOL_MAX: '5',
    DEFAULT_ALERTS: '0',
    TRUST_PROXY: '127.0.0.1',
    CALLBACK_ALLOW_NETS: '127.0.0.0/8',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  };
  auth = createAccountIn(env, 'fleet@example.com');
  replicas.push(await startServiceProcess(env), await startServiceProcess(env));
  // Each incident's e-mail is looked for by its own subject: grouping (tested in grouping*.test.ts) is off.
  expect((await callService(replicas[0]!.base, auth, 'PUT', '/api/v5/notification_settings/', { group_wait_s: 0 })).status).toBe(200);
  lb = await startHaproxy(replicas.map((r) => r.base));
}, 90_000);

afterAll(async () => {
  for (const r of replicas) await r.crash();
  await lb?.close();
  await smtp?.close();
  await hooks?.close();
  await db?.drop();
});

describe('replicas on PostgreSQL behind HAProxy', () => {
  it('lose nothing acknowledged when one is killed, and keep answering through the other', async () => {
    const api = (method: string, path: string, body?: unknown) => callService(lb.base, auth, method, path, body);
    const owner = (await api('GET', '/api/v5/users/')).body.data[0].id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 2 * 3600;
    const servers: number[] = [];
    const alerts: number[] = [];
    for (let s = 0; s < COLLECTORS; s++) {
      const server = (await api('POST', '/api/v5/collector/register', registrationFor(`rep-${s}`))).body.server_id as number;
      const a = await api('POST', '/api/v5/alerts/', {
        name: `cpu rep-${s}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner],
        subscribers: [{ url: `http://127.0.0.1:${hooks.port}/rep/${s}`, type: 'post', event: 'TRIGGERED' }],
      });
      expect(a.status).toBe(201);
      servers.push(server);
      alerts.push(a.body.id);
    }

    // The dashboard's view of the fleet, polled through the balancer the whole time.
    const polls: { at: number; ok: boolean }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const ok = await api('GET', '/api/v5/servers/').then((r) => r.status === 200, () => false);
        polls.push({ at: Date.now(), ok });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    // Each collector uploads its minutes in order, retrying a batch until it is acknowledged, as the real
    // collector does: 201, or 200 {stored: false} when the first try was stored but its answer was cut by
    // the kill (the retry is a replay). The kill lands when half of all batches are acknowledged.
    let acked = 0;
    let killedAt = 0;
    const upload = async (s: number) => {
      for (let m = 0; m < MINUTES; m++) {
        const batch = batchFor(`rep-${s}`, base + m * 60, { server: { cpu: m === triggerAt(s) ? 99 : 10, memory: 1 } });
        for (;;) {
          const r = await api('POST', '/api/v5/collector/batches', batch).catch(() => null);
          if (r?.status === 201 || (r?.status === 200 && r.body.stored === false)) break;
          await new Promise((res) => setTimeout(res, 100));
        }
        if (++acked === (COLLECTORS * MINUTES) / 2) {
          killedAt = Date.now();
          await replicas[0]!.crash();
        }
      }
    };
    await Promise.all(servers.map((_, s) => upload(s)));
    expect(killedAt).toBeGreaterThan(0);

    // Every acknowledged minute is stored once.
    for (const id of servers) {
      const r = await api('GET', `/api/v5/servers/${id}/data/?start=${base}&end=${base + MINUTES * 60}&limit=100`);
      expect(r.status).toBe(200);
      const times = (r.body.data as { time: number }[]).map((p) => p.time).sort((a, b) => a - b);
      expect(times).toEqual(Array.from({ length: MINUTES }, (_, m) => base + m * 60));
    }
    // Every triggering minute evaluated once, its callback and e-mail delivered.
    for (const [s, id] of alerts.entries()) {
      await until(async () => (await api('GET', `/api/v5/alert_histories/?filter=[${id}]&start=0`)).body.data.length > 0, 30_000);
      const h = (await api('GET', `/api/v5/alert_histories/?filter=[${id}]&start=0`)).body.data as { id: number; start: number }[];
      expect(h.map((x) => x.start)).toEqual([base + triggerAt(s) * 60]);
      await until(() => hooks.hits.some((x) => x.body === `alert_id=${id}&alert_history_id=${h[0]!.id}&status=TRIGGERED`), 30_000);
      await until(() => smtp.mails.some((x) => x.subject?.includes(`cpu rep-${s} `) ?? false), 30_000);
    }
    // A delivery repeated after the kill carries the same key: none is new.
    const keys = hooks.hits.map((x) => String(x.headers['x-delivery-id']));
    expect(new Set(keys).size).toBe(COLLECTORS);
    await until(async () => ((await api('GET', '/api/v5/notifications/')).body.data as { state: string }[]).every((n) => n.state === 'sent'), 30_000);

    // Through the survivor: every poll answered once the balancer saw the replica die (2 failed checks).
    // The polls go on until there are enough of them, however soon the rest of the work was done.
    const after = () => polls.filter((p) => p.at > killedAt + 1500);
    await until(() => after().length > 10, 30_000);
    polling = false;
    await poller;
    expect(after().every((p) => p.ok)).toBe(true);
  }, 240_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, registrationFor } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { openStore } from '../store/open';
import type { Store } from '../store/store';
import { createServiceStore } from '../store/test-store';
import { callService, createAccountCli, startServiceProcess, type ServiceProcess } from '../testing/service-process';
import { smtpReceiver } from '../testing/smtp-receiver';

// Two service processes on one store (SQLite in WAL, or one PostgreSQL database), uploads
// alternating between them, one SIGKILLed halfway: every triggering minute gets exactly one history
// and its notifications, and the singleton jobs' leases move to the survivor within 15 s.
const SERVERS = 6;
const MINUTES = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-two-'));
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let hooks: Awaited<ReturnType<typeof receiver>>;
const procs: ServiceProcess[] = [];
let auth = '';
let store: Awaited<ReturnType<typeof createServiceStore>> | undefined;
/** The test's own connection to the services' store, to read who holds a lease. */
let reader: Store | undefined;
const env = () => ({ ...store!.env, DEFAULT_ALERTS: '0', CALLBACK_ALLOW_NETS: '127.0.0.0/8', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
const leaseHolder = (name: string) => reader!.leases.holder(name, Date.now());
const pidOf = (holder: string | null) => (holder === null ? null : Number(holder.split(':')[1]));

beforeAll(async () => {
  smtp = await smtpReceiver();
  hooks = await receiver();
  store = await createServiceStore(dataDir);
  auth = createAccountCli(store.env, 'team@example.com');
  procs.push(await startServiceProcess(env()));
  // Each incident's e-mail is looked for by its own subject: grouping (tested in grouping*.test.ts) is off.
  expect((await callService(procs[0]!.base, auth, 'PUT', '/api/v5/notification_settings/', { group_wait_s: 0 })).status).toBe(200);
  reader = (await openStore({ dataDir, databaseUrl: store.env.DATABASE_URL })).store;
  await until(async () => pidOf(await leaseHolder('server-down')) === procs[0]!.child.pid, 10_000);
  procs.push(await startServiceProcess(env()));
}, 60_000);
afterAll(async () => {
  for (const p of procs) await p.crash();
  await smtp?.close();
  await hooks?.close();
  await reader?.close();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two processes on one store', () => {
  it('evaluate every triggering minute once, lose no notification, and hand the leases over when one dies', async () => {
    const [a, b] = procs as [ServiceProcess, ServiceProcess];
    const api = (p: ServiceProcess, method: string, path: string, body?: unknown) => callService(p.base, auth, method, path, body);
    const owner = (await api(a, 'GET', '/api/v5/users/')).body.data[0].id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 2 * 3600;
    const alerts: number[] = [];
    for (let s = 0; s < SERVERS; s++) {
      const server = (await api(s % 2 ? b : a, 'POST', '/api/v5/collector/register', registrationFor(`two-${s}`))).body.server_id;
      const r = await api(s % 2 ? a : b, 'POST', '/api/v5/alerts/', {
        name: `cpu two-${s}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner],
        subscribers: [{ url: `http://127.0.0.1:${hooks.port}/two/${s}`, type: 'post', event: 'TRIGGERED' }],
      });
      expect(r.status).toBe(201);
      alerts.push(r.body.id);
    }
    const triggerAt = (s: number) => 2 + (s % 6);
    let killedAt = 0;
    for (let m = 0; m < MINUTES; m++) {
      if (m === MINUTES / 2) {
        await a.crash();
        killedAt = Date.now();
      }
      for (let s = 0; s < SERVERS; s++) {
        const target = m >= MINUTES / 2 || (m + s) % 2 === 1 ? b : a;
        const cpu = m === triggerAt(s) ? 99 : 10;
        const r = await api(target, 'POST', '/api/v5/collector/batches', batchFor(`two-${s}`, base + m * 60, { server: { cpu, memory: 1 } }));
        expect(r.status).toBe(201);
      }
    }
    // The survivor takes over the singleton jobs within 15 s of the kill.
    await until(async () => pidOf(await leaseHolder('server-down')) === b.child.pid, 15_000);
    expect(Date.now() - killedAt).toBeLessThan(15_000);

    for (const [s, id] of alerts.entries()) {
      await until(async () => (await api(b, 'GET', `/api/v5/alert_histories/?filter=[${id}]&start=0`)).body.data.length > 0, 30_000);
      const h = (await api(b, 'GET', `/api/v5/alert_histories/?filter=[${id}]&start=0`)).body.data as { id: number; start: number }[];
      expect(h.map((x) => x.start)).toEqual([base + triggerAt(s) * 60]);
      await until(() => hooks.hits.some((x) => x.body === `alert_id=${id}&alert_history_id=${h[0]!.id}&status=TRIGGERED`), 30_000);
      for (const verb of ['triggered', 'resolved']) await until(() => smtp.mails.some((x) => x.subject?.startsWith(`Alert ${verb}: cpu two-${s} `) ?? false), 30_000);
    }
    await until(async () => ((await api(b, 'GET', '/api/v5/notifications/')).body.data as { state: string }[]).every((n) => n.state === 'sent'), 30_000);
    // One TRIGGERED and one RESOLVED e-mail per alert, none twice.
    expect((await api(b, 'GET', '/api/v5/notifications/')).body.pagination.count).toBe(2 * SERVERS);
  }, 180_000);
});

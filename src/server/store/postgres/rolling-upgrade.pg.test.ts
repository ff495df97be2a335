import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../test-store';
import { freePort, startHaproxy } from '../../testing/haproxy';
import { batchFor, registrationFor } from '../../testing/ingest';
import { checkoutPreviousRelease, PREVIOUS_RELEASE } from '../../testing/previous-release';
import { callService, createAccountIn, startServiceProcess, type ServiceProcess } from '../../testing/service-process';
import { smtpReceiver, type Mail } from '../../testing/smtp-receiver';
import { until } from '../../testing/until';

// A rolling upgrade on PostgreSQL, as an operator does it: two replicas of the previous release behind
// HAProxy on one database, collectors uploading and alerts firing through the balancer the whole time;
// one replica is stopped and replaced by this tree's service (which applies the new migrations while
// the other old one keeps serving), then the second. Nothing acknowledged is lost, no request answers
// 500, every incident is evaluated once and told, and the old release works on the migrated schema.
const COLLECTORS = 8;
const triggers = (m: number) => m % 6 === 3;

let old: ReturnType<typeof checkoutPreviousRelease>;
let db: Awaited<ReturnType<typeof createEmptyDatabase>>;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let lb: Awaited<ReturnType<typeof startHaproxy>>;
const processes: ServiceProcess[] = [];
let env: Record<string, string> = {};
let auth = '';
const ports: number[] = [];

beforeAll(async () => {
  old = checkoutPreviousRelease();
  db = await createEmptyDatabase('fw_upgrade');
  smtp = await smtpReceiver();
  env = {
    DATABASE_URL: db.url,
    PG_POOL_MAX: '5',
    DEFAULT_ALERTS: '0',
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  };
  // The previous release creates the database (its migrations only) and the account.
  auth = createAccountIn(env, 'upgrade@example.com', old.dir);
  processes.push(await startServiceProcess(env, old.dir), await startServiceProcess(env, old.dir));
  ports.push(await freePort(), await freePort());
  expect((await callService(processes[0]!.base, auth, 'PUT', '/api/v5/notification_settings/', { group_wait_s: 0 })).status).toBe(200);
  lb = await startHaproxy([...processes.map((p) => p.base), ...ports.map((p) => `http://127.0.0.1:${p}`)]);
}, 120_000);

afterAll(async () => {
  for (const p of processes) await p.crash();
  await lb?.close();
  await smtp?.close();
  await db?.drop();
  old?.remove();
});

const incidentsOf = (m: Mail) => [...m.raw.replace(/=\r?\n/g, '').matchAll(/\/incidents\/(\d+)/g)].map((x) => Number(x[1]));

describe(`a rolling upgrade from ${PREVIOUS_RELEASE.tag} on PostgreSQL behind HAProxy`, () => {
  it('loses nothing acknowledged, answers no 500, and evaluates and tells every incident once', async () => {
    const api = (method: string, path: string, body?: unknown) => callService(lb.base, auth, method, path, body);
    const owner = (await api('GET', '/api/v5/users/')).body.data[0].id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const servers: number[] = [];
    const alerts: number[] = [];
    for (let s = 0; s < COLLECTORS; s++) {
      servers.push((await api('POST', '/api/v5/collector/register', registrationFor(`up-${s}`))).body.server_id as number);
      const a = await api('POST', '/api/v5/alerts/', { name: `cpu up-${s}`, type: 'Server', target_id: servers[s], trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner] });
      expect(a.status).toBe(201);
      alerts.push(a.body.id as number);
    }

    // Collectors upload minute after minute, each batch retried until acknowledged (201, or 200
    // {stored: false} for a replay whose first answer was cut), until the upgrade is over.
    const statuses: number[] = [];
    const acked: number[][] = servers.map(() => []);
    let total = 0;
    let done = false;
    // Each collector keeps its last RESERVED minutes for after the upgrade: on a slow machine the two
    // restarts outlasted the other minutes, and the wait for uploads through the new replicas timed out.
    const RESERVED = 10;
    let upgraded = false;
    let parked = 0;
    const upload = async (s: number) => {
      for (let m = 0; m < 150 && !(done && m >= 8); m++) {
        if (m === 150 - RESERVED && !upgraded) {
          parked++;
          await until(() => upgraded, 280_000);
          parked--;
        }
        const batch = batchFor(`up-${s}`, base + m * 60, { server: { cpu: triggers(m) ? 99 : 10, memory: 1 } });
        for (;;) {
          const r = await api('POST', '/api/v5/collector/batches', batch).catch(() => null);
          if (r) statuses.push(r.status);
          if (r?.status === 201 || (r?.status === 200 && r.body.stored === false)) break;
          await new Promise((res) => setTimeout(res, 50));
        }
        acked[s]!.push(m);
        total++;
        await new Promise((res) => setTimeout(res, 40));
      }
    };
    let reading = true;
    const reads = (async () => {
      while (reading) {
        const r = await api('GET', '/api/v5/servers/').catch(() => null);
        if (r) statuses.push(r.status);
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    const traffic = Promise.all(servers.map((_, s) => upload(s)));

    // One replica at a time: stop the old one (SIGTERM), start this tree's on its port.
    const upgrade = async (k: number) => {
      const from = total;
      await until(() => total >= from + 2 * COLLECTORS || parked === COLLECTORS, 60_000);
      await processes[k]!.stop();
      processes[k] = await startServiceProcess({ ...env, PORT: String(ports[k]) });
    };
    await upgrade(0);
    // The new release has migrated the database; the old replica still stores and answers on it.
    const direct = (method: string, path: string, body?: unknown) => callService(processes[1]!.base, auth, method, path, body);
    const oldServer = (await direct('POST', '/api/v5/collector/register', registrationFor('old-after-migrate'))).body.server_id as number;
    expect((await direct('POST', '/api/v5/collector/batches', batchFor('old-after-migrate', base, { server: { cpu: 5, memory: 1 } }))).status).toBe(201);
    expect((await direct('GET', `/api/v5/servers/${oldServer}/data/?start=${base}&end=${base + 60}`)).body.data).toHaveLength(1);
    await upgrade(1);
    const after = total;
    upgraded = true;
    await until(() => total >= after + 2 * COLLECTORS, 60_000);
    done = true;
    await traffic;
    reading = false;
    await reads;

    // No request answered 500 (a 502/503 of the balancer while a replica stops is retried).
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    // Every acknowledged minute is stored, once.
    for (const [s, id] of servers.entries()) {
      const r = await api('GET', `/api/v5/servers/${id}/data/?start=${base}&end=${base + 150 * 60}&limit=500`);
      const times = (r.body.data as { time: number }[]).map((p) => p.time).sort((a, b) => a - b);
      expect(times).toEqual(acked[s]!.map((m) => base + m * 60));
    }
    // Every triggering minute acknowledged is one incident, told in an e-mail.
    const told = () => new Set(smtp.mails.flatMap(incidentsOf));
    for (const [s, id] of alerts.entries()) {
      const want = acked[s]!.filter(triggers).map((m) => base + m * 60);
      const histories = async () => (await api('GET', `/api/v5/alert_histories/?filter=[${id}]&start=0&limit=500`)).body.data as { id: number; start: number }[];
      await until(async () => (await histories()).length >= want.length, 30_000);
      const h = await histories();
      expect(h.map((x) => x.start).sort((a, b) => a - b)).toEqual(want);
      await until(() => h.every((x) => told().has(x.id)), 60_000);
    }
    await until(async () => ((await api('GET', '/api/v5/notifications/?limit=500')).body.data as { state: string }[]).every((n) => n.state === 'sent'), 30_000);
  }, 300_000);
});

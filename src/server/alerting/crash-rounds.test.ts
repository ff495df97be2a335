import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceStore } from '../store/test-store';
import { batchFor, registrationFor } from '../testing/ingest';
import { until } from '../testing/until';
import { callService, createAccountCli, startServiceProcess, type ServiceProcess } from '../testing/service-process';

// Evaluations are applied in rounds: several servers' items decided together and committed in one
// transaction. A SIGKILL while many servers' triggering minutes are being evaluated, then a restart on
// the same store: every acknowledged minute is evaluated once, so each alert has exactly one history,
// for its triggering minute, whichever part of a round the kill cut.
const SERVERS = 24;
const TRIALS = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-crash-rounds-'));
let service: ServiceProcess | undefined;
let store: Awaited<ReturnType<typeof createServiceStore>> | undefined;
let auth = '';
const env = () => ({ ...store!.env, DEFAULT_ALERTS: '0', EVAL_LEASE_MS: '1500' });
const api = (method: string, path: string, body?: unknown) => callService(service!.base, auth, method, path, body);

beforeAll(async () => {
  store = await createServiceStore(dataDir);
  auth = createAccountCli(store.env, 'rounds@example.com');
  service = await startServiceProcess(env());
}, 60_000);
afterAll(async () => {
  await service?.crash();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('evaluation rounds across SIGKILL', () => {
  it(`evaluate each of ${SERVERS} servers' triggering minutes once over ${TRIALS} kills mid-burst`, async () => {
    const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const owner = (await api('GET', '/api/v5/users/')).body.data[0].id as number;
    const alerts: { guid: string; alertId: number }[] = [];
    for (let i = 0; i < SERVERS; i++) {
      const guid = `round-${i}`;
      const server = (await api('POST', '/api/v5/collector/register', registrationFor(guid))).body.server_id as number;
      const alert = await api('POST', '/api/v5/alerts/', { name: `cpu ${i}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner] });
      expect(alert.status, JSON.stringify(alert.body)).toBe(201);
      alerts.push({ guid, alertId: alert.body.id });
    }
    const triggering: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const minute = base + t * 600;
      triggering.push(minute);
      // All servers' triggering minute at once (one round holds many), then normal minutes ending each incident.
      const acks = await Promise.all(alerts.map((a) => api('POST', '/api/v5/collector/batches', batchFor(a.guid, minute, { server: { cpu: 99, memory: 1 } }))));
      expect(acks.map((r) => r.status)).toEqual(alerts.map(() => 201));
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      await service!.crash();
      service = await startServiceProcess(env());
      const calm = await Promise.all(alerts.map((a) => api('POST', '/api/v5/collector/batches', batchFor(a.guid, minute + 60, { server: { cpu: 10, memory: 1 } }))));
      expect(calm.map((r) => r.status)).toEqual(alerts.map(() => 201));
    }

    for (const a of alerts) {
      const histories = async () => (await api('GET', `/api/v5/alert_histories/?filter=[${a.alertId}]&start=0`)).body.data as { start: number; end: number | null }[];
      await until(async () => (await histories()).length === TRIALS && (await histories()).every((h) => h.end !== null), 60_000);
      const got = await histories();
      expect(got.map((h) => h.start).sort((x, y) => x - y), `${a.guid}: one history per triggering minute`).toEqual(triggering);
      expect(got.map((h) => h.end).sort((x, y) => x! - y!)).toEqual(triggering.map((m) => m + 60));
    }
  }, 300_000);
});

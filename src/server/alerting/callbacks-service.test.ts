import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, registrationFor } from '../testing/ingest';
import { receiver } from '../testing/receiver';
import { until } from '../testing/until';
import { createServiceStore } from '../store/test-store';
import { callService, createAccountCli, startServiceProcess, type ServiceProcess } from '../testing/service-process';

// The whole path as an operator runs it: `src/server/main.ts` in its own process over the test store,
// data through the collector API, callbacks to real receivers on loopback; the service is killed
// (SIGKILL, no clean shutdown) with a delivery pending and started again on the same data.
const dataDir = mkdtempSync(join(tmpdir(), 'fw-callbacks-'));
let store: Awaited<ReturnType<typeof createServiceStore>> | undefined;
const env: Record<string, string> = {
  DEFAULT_ALERTS: '0',
  CALLBACK_ALLOW_NETS: '127.0.0.0/8',
  CALLBACK_DENY_NETS: '127.0.0.2/32',
};
let service: ServiceProcess | undefined;
let base = '';
let auth = '';

async function startService(): Promise<void> {
  service = await startServiceProcess(env);
  base = service.base;
}

const crash = () => service!.crash();
const call = async (method: string, path: string, body?: unknown) =>
  (await callService(base, auth, method, path, body)) as { status: number; body: Record<string, unknown> & { data: Record<string, unknown>[] } };

beforeAll(async () => {
  store = await createServiceStore(dataDir);
  Object.assign(env, store.env);
  auth = createAccountCli(env, 'ops@example.com');
  await startService();
}, 60_000);
afterAll(async () => {
  await service?.crash();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('callbacks through the running service', () => {
  it('delivers to a receiver that was down across a crash of the service, honours 429 Retry-After, never contacts a denied address', async () => {
    // A port nobody listens on yet: the receiver is down when the incident starts.
    const probe = await receiver();
    const downPort = probe.port;
    await probe.close();
    const busy = await receiver(0, (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
    const denied = await receiver(0);

    const server = (await call('POST', '/api/v5/collector/register', registrationFor('cb-1'))).body.server_id as number;
    const owner = (await call('GET', '/api/v5/users/')).body.data[0]!.id;
    const created = await call('POST', '/api/v5/alerts/', {
      name: 'cpu', type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner],
      subscribers: [`http://127.0.0.1:${downPort}/down`, { url: `http://127.0.0.1:${busy.port}/busy`, type: 'post' }, `http://127.0.0.2:${denied.port}/denied`],
    });
    expect(created.status).toBe(201);
    const alertId = created.body.id as number;

    const minute = Math.floor(Date.now() / 60_000) * 60 - 60;
    expect((await call('POST', '/api/v5/collector/batches', batchFor('cb-1', minute, { server: { cpu: 99, memory: 1 } }))).status).toBe(201);
    await until(async () => (await call('GET', `/api/v5/alerts/${alertId}/`)).body.in_incident === true);
    const history = (await call('GET', `/api/v5/alert_histories/?filter=[${alertId}]&start=0`)).body.data[0]!.id;

    // 429 with Retry-After: 2, then delivered, no sooner than the subscriber asked.
    await until(() => busy.hits.length === 2, 20_000);
    expect(busy.hits[1]!.at - busy.hits[0]!.at).toBeGreaterThanOrEqual(1900);
    expect(busy.hits[1]!.body).toBe(`alert_id=${alertId}&alert_history_id=${history}&status=TRIGGERED`);

    // The denied address fails at once, without a connection.
    const deliveries = async () => (await call('GET', `/api/v5/alerts/${alertId}/deliveries/`)).body.data as { url: string; state: string; attempts: number; delivery_id: string }[];
    await until(async () => (await deliveries()).some((d) => d.url.includes('/denied') && d.state === 'failed'));
    const down = (await deliveries()).find((d) => d.url.includes('/down'))!;
    await until(async () => (await deliveries()).find((d) => d.url.includes('/down'))!.attempts >= 1);
    expect((await deliveries()).find((d) => d.url.includes('/down'))!.state).toBe('pending');

    // The service dies with the delivery pending; the receiver comes up; the service starts again.
    await crash();
    const up = await receiver(downPort);
    try {
      await startService();
      await until(() => up.hits.length === 1, 30_000);
      expect(up.hits[0]!.url).toBe(`/down?alert_id=${alertId}&alert_history_id=${history}&status=TRIGGERED`);
      expect(up.hits[0]!.headers['x-delivery-id']).toBe(down.delivery_id);
      await until(async () => (await deliveries()).find((d) => d.url.includes('/down'))!.state === 'delivered');
    } finally {
      await up.close();
    }
    expect(denied.hits).toEqual([]);
    await busy.close();
    await denied.close();
  }, 90_000);
});

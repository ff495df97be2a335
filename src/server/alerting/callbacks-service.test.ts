import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../testing/harness';
import { batchFor, registrationFor } from '../testing/ingest';
import { receiver, until } from '../testing/receiver';

// The whole path as an operator runs it: `src/server/main.ts` in its own process over a SQLite file,
// data through the collector API, callbacks to real receivers on loopback; the service is killed
// (SIGKILL, no clean shutdown) with a delivery pending and started again on the same data.
const dataDir = mkdtempSync(join(tmpdir(), 'fw-callbacks-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  DEMO: '0',
  LOCAL_COLLECTOR: '0',
  DEFAULT_ALERTS: '0',
  CALLBACK_ALLOW_NETS: '127.0.0.0/8',
  CALLBACK_DENY_NETS: '127.0.0.2/32',
};
let service: ChildProcess | undefined;
let base = '';
let auth = '';

async function startService(): Promise<void> {
  const p = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  service = p;
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    p.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    p.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => reject(new Error(`service exited ${code}: ${out}`)));
  });
}

function crash(): Promise<void> {
  const p = service!;
  return new Promise((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });
}

const call = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { data: Record<string, unknown>[] } };
};

beforeAll(async () => {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/account.ts', 'create', '--email', 'ops@example.com'], { env, encoding: 'utf8' });
  const account = JSON.parse(made.stdout) as { email: string; api_key: string };
  auth = basicHeader({ email: account.email, key: account.api_key });
  await startService();
}, 60_000);
afterAll(async () => {
  if (service?.exitCode === null) await crash();
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

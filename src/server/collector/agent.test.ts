import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import StatsD from 'hot-shots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { startCollector, type RunningCollector } from './agent';
import { listenSyslog } from './syslog';
import { until } from '../testing/until';

/** Probes here call the API, send a syslog line or append to a file: ten times a second is enough. */
const slow = { every: 100 };

const run = promisify(execFile);

describe('the collector against the real service', () => {
  let svc: TestService;
  let stateDir: string;
  let collector: RunningCollector | null = null;
  const messages: string[] = [];
  const start = (account: { email: string; key: string }) =>
    startCollector({
      url: svc.baseUrl,
      email: account.email,
      key: account.key,
      stateDir,
      hostname: 'collector-e2e',
      statsdPort: 0,
      listenHost: '127.0.0.1',
      intervalSeconds: 1,
      configSeconds: 1,
      limits: { maxProcesses: 50, maxDetails: 5 },
      log: (m) => messages.push(m),
    });

  beforeAll(async () => {
    svc = await startTestService();
    stateDir = mkdtempSync(join(tmpdir(), 'collector-state-'));
  });
  afterAll(async () => {
    await collector?.stop();
    await svc?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('registers, uploads batches that show the host, its data and processes, and StatsD buckets', async () => {
    collector = start(svc.account);
    await collector.ready;
    const serverId = collector.status().serverId!;
    expect(serverId).toBeGreaterThan(0);
    expect(readFileSync(join(stateDir, 'guid'), 'utf8').trim()).toBe(collector.guid);

    const client = new StatsD({ host: '127.0.0.1', port: collector.status().statsdPort!, maxBufferSize: 0 });
    await new Promise<void>((r, j) => client.increment('e2e.hits', 3, (e) => (e ? j(e) : r())));
    await until(() => collector!.status().uploaded >= 2, slow);
    await new Promise<void>((r) => client.close(() => r()));

    const list = await svc.request('GET', '/api/servers/');
    expect(list.status).toBe(200);
    const server = list.body.data.find((s: { id: number }) => s.id === serverId);
    expect(server).toMatchObject({ hostname: 'collector-e2e', os: 'Linux', running: true });
    expect(Object.keys(server.capacity_disks).length).toBeGreaterThan(0);

    const data = await svc.request('GET', `/api/servers/${serverId}/data/`);
    expect(data.status).toBe(200);
    expect(data.body.data[0]).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number) });

    const procs = await svc.request('GET', `/api/servers/${serverId}/processes/`);
    expect(procs.status).toBe(200);
    expect(procs.body.data.length).toBeGreaterThan(0);

    const bucket = await until(async () => {
      const b = await svc.request('GET', '/api/buckets/');
      return b.body.data?.find((x: { name: string }) => x.name === 'e2e.hits');
    }, slow);
    expect(bucket).toBeDefined();

    // The other account sees nothing of it.
    const theirs = await svc.request('GET', '/api/servers/', { as: svc.other });
    expect(theirs.body.data.some((s: { hostname: string }) => s.hostname === 'collector-e2e')).toBe(false);
    expect(messages.filter((m) => /refused/.test(m))).toEqual([]);
  });

  it('picks up config changes made through the API: SYSLOG and FILE logs, Nagios polled data', async () => {
    const serverId = collector!.status().serverId!;
    const probe = await listenSyslog(0, () => undefined, '127.0.0.1');
    const port = probe.port;
    await probe.close();
    const logFile = join(stateDir, 'app.log');
    writeFileSync(logFile, '');
    const sys = await svc.request('POST', '/api/logs/', { form: { server: serverId, type: 'SYSLOG', source: port } });
    expect(sys.status).toBe(201);
    const file = await svc.request('POST', '/api/logs/', { form: { server: serverId, type: 'FILE', source: logFile } });
    expect(file.status).toBe(201);
    const cfg = await svc.request('PUT', `/api/servers/${serverId}/polled_data_config/`, {
      form: { file_path: '/etc/nagios/nrpe.cfg', file_contents: 'command[dummy]=/usr/lib/nagios/plugins/check_dummy 1 "meh | v=3ms;5;9"', frequency: 60 },
    });
    expect(cfg.status).toBe(200);

    // Until the next config pull starts the listeners, sends are lost: resend until one lands.
    const detail = (id: number) => svc.request('GET', `/api/logs/${id}/detail/`, { form: { num: 5 } });
    const found = (r: Awaited<ReturnType<typeof detail>>, text: RegExp) =>
      (r.body?.data ?? []).find((m: { data: string }) => text.test(m.data));
    const sysMsg = await until(async () => {
      await run('logger', ['--server', '127.0.0.1', '--port', String(port), '--udp', '--rfc5424', '-t', 'e2e', '-p', 'user.crit', 'disk on fire']);
      return found(await detail(sys.body.id), /disk on fire/);
    }, slow);
    expect(sysMsg).toMatchObject({ severity: 'critical' });
    const fileMsg = await until(async () => {
      appendFileSync(logFile, 'WARN queue is long\n');
      return found(await detail(file.body.id), /queue is long/);
    }, slow);
    expect(fileMsg).toMatchObject({ severity: 'warning' });

    const item = await until(async () => {
      const r = await svc.request('GET', '/api/polled-data/');
      return (r.body?.data ?? []).find((p: { command_name: string; server_id: number }) => p.command_name === 'dummy' && p.server_id === serverId);
    }, slow);
    const pd = await svc.request('GET', `/api/polled-data/${item.id}/data/`);
    expect(pd.status).toBe(200);
    expect(pd.body.data[0]).toMatchObject({ status: 'WARNING', text: 'WARNING: meh' });
  });

  it('keeps its guid across restarts and stops when the server is deleted (410)', async () => {
    const guid = collector!.guid;
    const serverId = collector!.status().serverId;
    await collector!.stop();
    expect(await collector!.done).toBe('stopped');

    collector = start(svc.account);
    await collector.ready;
    expect(collector.guid).toBe(guid);
    expect(collector.status().serverId).toBe(serverId);

    const del = await svc.request('DELETE', `/api/servers/${serverId}/`);
    expect(del.status).toBe(200);
    expect(await collector.done).toBe('gone');
    expect(messages.some((m) => /410/.test(m))).toBe(true);
  });

  it('does not throw when it cannot keep its guid: ready rejects and it is stopped', async () => {
    // A directory cannot be made under a regular file (ENOTDIR).
    const blocker = join(stateDir, 'a-file');
    writeFileSync(blocker, '');
    const c = startCollector({ url: svc.baseUrl, ...svc.account, guidFile: join(blocker, 'sub', 'guid'), statsdPort: null, log: (m) => messages.push(m) });
    await expect(c.ready).rejects.toThrow();
    expect(await c.done).toBe('stopped');
    expect(messages.some((m) => /^not started: /.test(m))).toBe(true);
  });

  it('retries registration with wrong credentials without crashing, and stop() ends it', async () => {
    const c = start({ email: svc.account.email, key: 'wrong-key' });
    await until(() => messages.some((m) => /register failed: HTTP 401/.test(m)), slow);
    await c.stop();
    await expect(c.ready).rejects.toThrow(/stopped/);
    expect(await c.done).toBe('stopped');
  });
});

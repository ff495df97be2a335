import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { startDemoFleet, type DemoProgress } from './fleet-runner';

// A fixed clock for the fleet, so the number of minutes backfilled is exact.
const NOW = Math.floor(Date.now() / 60_000) * 60 - 120 + 17;
const MINUTE = NOW - (NOW % 60);

describe('demo fleet against the real service (2 servers x 30 minutes)', () => {
  let svc: TestService;
  const progress: DemoProgress[] = [];
  const run = (extra: { servers?: number; key?: string; onProgress?: (p: DemoProgress) => void } = {}) =>
    startDemoFleet({
      baseUrl: svc.baseUrl,
      email: svc.account.email,
      key: extra.key ?? svc.account.key,
      servers: extra.servers ?? 2,
      days: 30 / 1440,
      follow: false,
      now: () => NOW,
      onProgress: extra.onProgress,
    });

  beforeAll(async () => {
    svc = await startTestService();
    const fleet = run({ onProgress: (p) => progress.push(p) });
    await fleet.backfillDone;
    await fleet.stop();
  }, 60_000);
  afterAll(async () => svc?.close());

  it('applies its configuration through the REST API', async () => {
    const configure = progress.find((p) => p.phase === 'configure')!;
    expect(configure.steps!.filter((s) => !s.ok)).toEqual([]);
    const tags = await svc.request('GET', '/api/v5/server_tags/');
    expect(tags.body.data.map((t: { name: string }) => t.name).sort()).toEqual(['app', 'fleet', 'linux', 'web']);
    const sets = await svc.request('GET', '/api/v5/server_sets/');
    expect(sets.body.data.map((t: { name: string }) => t.name)).toContain('Storefront');
    expect((await svc.request('GET', '/api/v5/transactions/')).body).toEqual({ transactions_enabled: true, transactions_on: true });
    const logs = await svc.request('GET', '/api/v5/logs/');
    expect(new Set(logs.body.data.map((l: { source_type: string }) => l.source_type))).toEqual(new Set(['FILE', 'SYSLOG', 'AFURL', 'AFSQL']));
  });

  it('registers the servers and backfills one batch per server per minute', async () => {
    const servers = await svc.request('GET', '/api/v5/servers/');
    expect(servers.body.data.map((s: { hostname: string }) => s.hostname).sort()).toEqual(['app-01', 'web-01']);
    const backfill = progress.filter((p) => p.phase === 'backfill').at(-1)!;
    expect(backfill).toMatchObject({ sent: 60, total: 60 });
    for (const s of servers.body.data as { id: number; os: string; running: boolean }[]) {
      expect(s.os).toBe('Linux');
      const data = await svc.request('GET', `/api/v5/servers/${s.id}/data/`, { form: { num: 100 } });
      expect(data.status).toBe(200);
      expect(data.body.data).toHaveLength(30);
      expect(data.body.data[0].time).toBe(MINUTE - 60);
      expect(data.body.data.at(-1).time).toBe(MINUTE - 30 * 60);
      const procs = await svc.request('GET', `/api/v5/servers/${s.id}/processes/`);
      expect(procs.body.pagination.count).toBeGreaterThanOrEqual(15);
    }
  });

  it('feeds logs and StatsD buckets', async () => {
    const logs = await svc.request('GET', '/api/v5/logs/');
    const file = logs.body.data.find((l: { source: string }) => l.source === '/var/log/nginx/error.log');
    const counts = await svc.request('GET', `/api/v5/logs/${file.id}/data/`, { form: { num: 30, end: MINUTE - 60 } });
    expect(counts.status).toBe(200);
    const total = counts.body.data.reduce((n: number, r: { info: number; warning: number; critical: number }) => n + r.info + r.warning + r.critical, 0);
    expect(total).toBeGreaterThan(10);
    const buckets = await svc.request('GET', '/api/v5/buckets/');
    expect(buckets.body.data.map((b: { name: string }) => b.name)).toContain('shop.web-01.requests');
  });

  it('resumes after the latest stored minute: a restart sends nothing twice', async () => {
    const again: DemoProgress[] = [];
    const fleet = run({ onProgress: (p) => again.push(p) });
    await fleet.backfillDone;
    await fleet.stop();
    expect(again.filter((p) => p.phase === 'backfill').at(-1)).toMatchObject({ sent: 0, total: 0 });
    const tags = await svc.request('GET', '/api/v5/server_tags/');
    expect(tags.body.pagination.count).toBe(4);
  });

  it('stays in its own account', async () => {
    const other = await svc.request('GET', '/api/v5/servers/', { as: svc.other });
    expect(other.body.pagination.count).toBe(0);
  });

  it('streams the next minute live, and stops the stream of a server deleted through the API', async () => {
    const servers = (await svc.request('GET', '/api/v5/servers/')).body.data as { id: number; hostname: string }[];
    const app = servers.find((s) => s.hostname === 'app-01')!;
    expect((await svc.request('DELETE', `/api/v5/servers/${app.id}/`)).status).toBe(200);
    // The clock sits 4 s before a minute boundary; once the backfill is done it moves on a minute.
    let clock = NOW - (NOW % 60) + 56;
    const seen: DemoProgress[] = [];
    const fleet = startDemoFleet({
      baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: 2, days: 30 / 1440, now: () => clock,
      onProgress: (p) => seen.push(p),
    });
    await fleet.backfillDone;
    clock += 60;
    await expect.poll(() => seen.some((p) => p.phase === 'live' && p.sent > 0), { timeout: 15_000, interval: 250 }).toBe(true);
    await fleet.stop();
    expect(seen.filter((p) => p.phase === 'live').at(-1)).toMatchObject({ sent: 1, total: 1 });
    const web = servers.find((s) => s.hostname === 'web-01')!;
    const latest = await svc.request('GET', `/api/v5/servers/${web.id}/data/`);
    expect(latest.body.data[0].time).toBe(MINUTE);
    expect((await svc.request('GET', '/api/v5/servers/')).body.pagination.count).toBe(1);
  }, 30_000);

  it('fails its backfill on bad credentials, without throwing elsewhere', async () => {
    const fleet = run({ key: 'not-the-key' });
    await expect(fleet.backfillDone).rejects.toThrow(/HTTP 401/);
    await fleet.stop();
  });
});

describe('demo fleet first start over more than a day (1 server)', () => {
  let svc: TestService;
  afterAll(async () => svc?.close());

  it('sends the last day first, then the older minutes, and ends with every minute stored', async () => {
    svc = await startTestService();
    const order: number[] = [];
    svc.deps.events.on('batch-stored', (e: { minute: number }) => order.push(e.minute));
    const days = 1 + 20 / 1440;
    const fleet = startDemoFleet({ baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: 1, days, follow: false, now: () => NOW });
    await fleet.backfillDone;
    await fleet.stop();
    const total = Math.round(days * 1440);
    expect(order).toHaveLength(total);
    // The last day arrives first and in order, the 20 older minutes after it.
    expect(order[0]).toBe(MINUTE - 1440 * 60);
    expect(order[1439]).toBe(MINUTE - 60);
    expect(order[1440]).toBe(MINUTE - total * 60);
    const server = (await svc.request('GET', '/api/v5/servers/')).body.data[0].id;
    const data = await svc.request('GET', `/api/v5/servers/${server}/data/`, { form: { start: 0, limit: 2500 } });
    expect(data.body.pagination.count).toBe(total);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { startDemoFleet, type DemoProgress } from './fleet-runner';

describe('demo fleet traces, applications and topology (5 servers x 10 minutes)', () => {
  let svc: TestService;
  const progress: DemoProgress[] = [];
  let ids: Record<string, number> = {};

  beforeAll(async () => {
    svc = await startTestService();
    const fleet = startDemoFleet({
      baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: 5, days: 10 / 1440, follow: false,
      onProgress: (p) => progress.push(p),
    });
    await fleet.backfillDone;
    await fleet.stop();
    const servers = (await svc.request('GET', '/api/v5/servers/')).body.data as { id: number; hostname: string }[];
    ids = Object.fromEntries(servers.map((s) => [s.hostname, s.id]));
  }, 60_000);
  afterAll(async () => svc?.close());

  it('a URL trace from the web server reaches the load balancer, the app server and the databases', async () => {
    const logs = (await svc.request('GET', '/api/v5/transactions/logs/')).body.data as { id: number; server_id: number; source_type: string }[];
    const url = logs.find((l) => l.server_id === ids['web-01'] && l.source_type === 'AFURL')!;
    const detail = await svc.request('GET', `/api/v5/transactions/logs/${url.id}/detail/`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.length).toBeGreaterThan(0);
    const data = JSON.parse(detail.body.data[0].data) as [string, number, string, number, number, ...unknown[]];
    const trace = await svc.request('GET', '/api/v5/transactions/trace/', { form: { time: data[3], sid: ids['web-01'], pid: data[4] } });
    expect(trace.status).toBe(200);
    const hosts = new Set((trace.body.processes as { serverHostName: string }[]).map((p) => p.serverHostName));
    for (const h of ['External', 'lb-01', 'web-01', 'app-01', 'db-01']) expect(hosts).toContain(h);
    expect(trace.body.request.transactions).toBeGreaterThanOrEqual(3);
  });

  it('detects the applications of the auto-detecting sets, and the topology connects them', async () => {
    const detected = progress.find((p) => p.message?.startsWith('applications detected'));
    expect(detected?.message).toMatch(/nginx/);
    const apps = (await svc.request('GET', '/api/v5/applications/')).body.data as { id: number; name: string }[];
    expect(apps.length).toBeGreaterThanOrEqual(4);
    const topo = await svc.request('GET', '/api/v5/application_topology/', { form: { num: 10 } });
    expect(topo.status).toBe(200);
    const name = (id: number) => apps.find((a) => a.id === id)?.name;
    const edges = (topo.body.connections as { client_id: number; server_id: number }[]).map((c) => `${name(c.client_id)} -> ${name(c.server_id)}`);
    // Template names belong to the applications catalogue; match them loosely.
    expect(edges.some((e) => /^nginx -> .*java/i.test(e))).toBe(true);
    expect(edges.some((e) => /java.* -> postgres/i.test(e))).toBe(true);
  });
});

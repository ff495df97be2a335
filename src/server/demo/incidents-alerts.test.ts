import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlerting } from '../alerting/start';
import type { Deps } from '../deps';
import type { Db } from '../store/sqlite/db';
import { startTestService, type TestService } from '../testing/harness';
import { buildFleet } from './fleet';
import { startDemoFleet } from './fleet-runner';
import { incidentsBetween } from './incidents';

// The latest CPU spike that ended at least an hour ago (app-02 is the 7th server of the fleet).
const T = Math.floor(Date.now() / 1000);
const spike = incidentsBetween(buildFleet(7, 1), T - 2 * 86_400, T - 3600).filter((i) => i.kind === 'cpu_spike').at(-1)!;

describe('demo fleet incidents through the alert engine', () => {
  let svc: TestService;
  let alerting: ReturnType<typeof startAlerting>;

  beforeAll(async () => {
    svc = await startTestService();
    alerting = startAlerting(svc.deps as Deps & { store: { db: Db } }, {});
    // An hour of history ending 20 minutes after the spike.
    const fleet = startDemoFleet({
      baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: 7, days: 1 / 24, follow: false,
      now: () => spike.end + 1200,
    });
    await fleet.backfillDone;
    await fleet.stop();
  }, 120_000);
  afterAll(async () => {
    await alerting?.stop();
    await svc?.close();
  });

  it('a CPU spike opens and closes an alert history on its server, with a message', async () => {
    const servers = (await svc.request('GET', '/api/v5/servers/')).body.data as { id: number; hostname: string }[];
    expect(spike.hostname).toBe('app-02');
    let histories: { start: number; end: number | null; subject: string; message: string }[] = [];
    await expect
      .poll(async () => {
        histories = (await svc.request('GET', '/api/v5/alert_histories/')).body.data;
        return histories.some((h) => h.end !== null);
      }, { timeout: 10_000 })
      .toBe(true);
    expect(servers.map((s) => s.hostname)).toContain('app-02');
    expect(histories).toHaveLength(1);
    const h = histories[0]!;
    expect(h.subject).toMatch(/CPU.*app-02/);
    expect(h.start).toBeGreaterThanOrEqual(spike.start);
    expect(h.start).toBeLessThan(spike.start + 600);
    expect(h.end).toBe(spike.end);
    expect((await svc.request('GET', h.message)).status).toBe(200);
  });
});

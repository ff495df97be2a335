import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlerting } from '../alerting/start';
import { startTestService, type TestService } from '../testing/harness';
import { buildFleet } from './fleet';
import { startDemoFleet, type DemoProgress } from './fleet-runner';
import { INCIDENT_KINDS, incidentsBetween, type Incident, type IncidentKind } from './incidents';

// 10 servers: the first fleet with every incident on its own server (app-04, the crash-looping node
// worker, is the 10th).
const SERVERS = 10;
const H = 3600;
const T = Math.floor(Date.now() / 1000);
const fleet = buildFleet(SERVERS, 1);
const all = incidentsBetween(fleet, T - 4 * 86_400, T);

// One incident of each kind, the crash loop first: the Process alert watches the worker running
// when the alerts are set up, which the crash loop is the first to end.
const crash = all.find((i) => i.kind === 'crash_loop' && i.start > T - 3 * 86_400)!;
const first = (kind: IncidentKind): Incident =>
  kind === 'crash_loop' ? crash : all.find((i) => i.kind === kind && i.start > crash.end + H && (kind !== 'disk_fill' || i.end - 100 * 60 > crash.end))!;
const chosen = Object.fromEntries(INCIDENT_KINDS.map((k) => [k, first(k)])) as Record<IncidentKind, Incident>;

// The minutes sent: a short setup run before the crash loop, then each incident with a margin
// (only the last 100 minutes of the ten-hour disk fill). Overlapping ranges are merged.
const setup = { from: crash.start - 40 * 60, to: crash.start - 30 * 60 };
const ranges = INCIDENT_KINDS.map((k) => chosen[k])
  .map((i) => ({ from: (i.kind === 'disk_fill' ? i.end - 100 * 60 : i.start - 10 * 60), to: i.end + 10 * 60 }))
  .sort((a, b) => a.from - b.from)
  .reduce<{ from: number; to: number }[]>((out, r) => {
    const last = out.at(-1);
    if (last && r.from <= last.to + 60) last.to = Math.max(last.to, r.to);
    else out.push({ ...r });
    return out;
  }, []);

interface History {
  id: number;
  start: number;
  end: number | null;
  alert_id: number;
  subject: string;
  message: string;
  server_id: number | null;
  servers: { id: number; hostname: string; value: number | null }[];
}
interface Alert {
  id: number;
  name: string;
  type: string;
  per_server: boolean;
  active: boolean;
  target: string;
  users: { id: number; sendemail: boolean; sendsms: boolean; pushnotification: boolean }[];
  subscribers: unknown;
}

describe('demo fleet incidents through the alert engine (10 servers, one incident of each kind)', () => {
  let svc: TestService;
  let alerting: ReturnType<typeof startAlerting>;
  const steps: NonNullable<DemoProgress['steps']> = [];
  let histories: History[] = [];
  let alerts: Alert[] = [];
  let twin: Alert;

  const run = async (r: { from: number; to: number }) => {
    const fleetRun = startDemoFleet({
      baseUrl: svc.baseUrl, email: svc.account.email, key: svc.account.key, servers: SERVERS, follow: false,
      days: (r.to - r.from + 60) / 86_400, now: () => r.to + 60,
      onProgress: (p) => {
        if (p.phase === 'configure') steps.push(...(p.steps ?? []));
      },
    });
    await fleetRun.backfillDone;
    await fleetRun.stop();
  };

  beforeAll(async () => {
    svc = await startTestService({ defaultAlerts: true });
    alerting = startAlerting(svc.deps, {});
    await run(setup);
    // An inactive twin of the log alert, on the same log: it must stay quiet through the error burst.
    const logAlert = (await svc.request('GET', '/api/v5/alerts/')).body.data.find((a: Alert) => a.name === 'Critical errors in nginx log');
    const full = (await svc.request('GET', `/api/v5/alerts/${logAlert.id}/`)).body;
    const owner = (await svc.request('GET', '/api/v5/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
    const created = await svc.request('POST', '/api/v5/alerts/', {
      form: { name: 'Inactive twin', type: 'Log', target_id: full.target_id, trigger_type: 'Number of Critical', threshold: 20, time_above_threshold: 2, users: JSON.stringify([owner]), active: false },
    });
    expect(created.status).toBe(201);
    twin = created.body;
    for (const r of ranges) await run(r);
    await alerting.idle();
    histories = (await svc.request('GET', '/api/v5/alert_histories/')).body.data;
    alerts = (await svc.request('GET', '/api/v5/alerts/')).body.data;
  }, 180_000);
  afterAll(async () => {
    await alerting?.stop();
    await svc?.close();
  });

  const serverId = async (hostname: string) =>
    ((await svc.request('GET', '/api/v5/servers/')).body.data as { id: number; hostname: string }[]).find((s) => s.hostname === hostname)!.id;
  /**
   * Histories of the alert named `name`; with `hostname`, those of that server's incidents (the default
   * alerts are per_server rules on the fleet tag: one incident per server).
   */
  const historiesOf = async (name: string, hostname?: string) => {
    const alert = alerts.find((a) => a.name === name);
    expect(alert, name).toBeDefined();
    const server = hostname ? await serverId(hostname) : undefined;
    return histories.filter((h) => h.alert_id === alert!.id && (server === undefined || h.server_id === server)).sort((a, b) => a.start - b.start);
  };

  it('sets up the alerts and maintenance windows through the API, notifying the owner only', async () => {
    expect(steps.filter((s) => !s.ok)).toEqual([]);
    const names = ['Worker process terminated', 'Critical errors in nginx log', 'nginx critical reports', 'Replication lag check', 'CPU over 90% on app tag'];
    for (const name of names) expect(steps.filter((s) => s.step === `alert ${name}`).map((s) => s.detail)).toContain(undefined);
    const owner = (await svc.request('GET', '/api/v5/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
    for (const a of alerts.filter((x) => names.includes(x.name))) {
      expect(a.users).toEqual([{ id: owner, sendemail: true, sendsms: false, pushnotification: false }]);
      expect(a.subscribers).toBeNull();
    }
    // Set up once: later runs find them by name.
    expect(alerts.filter((a) => names.includes(a.name))).toHaveLength(names.length);
    const windows = (await svc.request('GET', '/api/v5/maintenance_windows/')).body.data as { start: number; end: number; reason: string; servers: number[] }[];
    expect(windows.map((w) => w.reason).sort()).toEqual(['Cache tier: Redis upgrade', 'Web tier: OS patching']);
    const past = windows.find((w) => w.reason.startsWith('Cache'))!;
    const future = windows.find((w) => w.reason.startsWith('Web'))!;
    expect(past.end).toBeLessThan(setup.to);
    expect(past.start).toBeGreaterThan(setup.to - 86_400);
    expect(future.start).toBeGreaterThan(setup.to);
    expect(future.servers).toContain(await serverId('web-02'));
  });

  it('keeps the default alerts as one per_server rule each on the fleet tag, not a copy per server', async () => {
    const defaults = ['Memory over 90%', 'CPU over 75%', 'Disk over 90%', 'Server down'];
    const rules = alerts.filter((a) => defaults.includes(a.name));
    expect(rules.map((a) => [a.name, a.type, a.per_server]).sort()).toEqual(defaults.map((n) => [n, 'Server Tag', true]).sort());
    expect(rules.every((a) => a.target === `tag fleet (${SERVERS} servers)`)).toBe(true);
  });

  it('the CPU spike: the default CPU rule opens app-02\'s own incident, and the app tag alert names app-02', async () => {
    const spike = chosen.cpu_spike;
    const [h] = await historiesOf('CPU over 75%', 'app-02');
    expect(h!.start).toBeGreaterThanOrEqual(spike.start);
    expect(h!.start).toBeLessThan(spike.start + 600);
    expect(h!.end).toBe(spike.end);
    expect(h!.subject).toMatch(/CPU.*app-02/);
    expect(h!.servers.map((s) => s.hostname)).toEqual(['app-02']);
    const [tag] = await historiesOf('CPU over 90% on app tag');
    expect(tag!.start).toBeGreaterThanOrEqual(spike.start);
    expect(tag!.end).toBe(spike.end);
    // The server that crossed the threshold, not the tag's first.
    expect(tag!.servers.map((s) => s.hostname)).toEqual(['app-02']);
    expect(tag!.servers[0]!.value).toBeGreaterThan(90);
    expect(tag!.subject).toMatch(/: app-02$/);
  });

  it('the disk fill: the default disk alert on db-02, until the cleanup', async () => {
    const fill = chosen.disk_fill;
    const [h] = await historiesOf('Disk over 90%', 'db-02');
    expect(h!.start).toBeGreaterThan(fill.end - 100 * 60);
    expect(h!.end).toBe(fill.end);
  });

  it('the crash loop: Process Termination of the worker that ran before it (never back, so still open)', async () => {
    const hs = await historiesOf('Worker process terminated');
    expect(hs.map((h) => [h.start, h.end])).toEqual([[crash.start, null]]);
    expect(hs[0]!.subject).toMatch(/Process Termination on node on app-04/);
  });

  it('the error burst: the log alert and the nginx application alert on web-02', async () => {
    const burst = chosen.error_burst;
    for (const name of ['Critical errors in nginx log', 'nginx critical reports']) {
      const [h] = await historiesOf(name);
      expect(h!.start, name).toBeGreaterThanOrEqual(burst.start);
      expect(h!.start, name).toBeLessThanOrEqual(burst.start + 120);
      expect(h!.end, name).toBeLessThanOrEqual(burst.end + 60);
    }
  });

  it('the polled check: the Nagios alert from its first WARNING to the next OK', async () => {
    const check = chosen.polled_check;
    const [h] = await historiesOf('Replication lag check');
    expect([h!.start, h!.end]).toEqual([check.start, check.end]);
  });

  it('an inactive alert on the same log stays quiet', async () => {
    expect(twin.active).toBe(false);
    expect((await svc.request('GET', `/api/v5/alerts/${twin.id}/`)).body.active).toBe(false);
    expect(histories.filter((h) => h.alert_id === twin.id)).toEqual([]);
  });

  it('every history starts during an incident and has its saved message', async () => {
    expect(histories.length).toBeGreaterThanOrEqual(6);
    for (const h of histories) {
      expect(all.some((i) => h.start >= i.start && h.start <= i.end), h.subject).toBe(true);
      const m = await svc.request('GET', h.message);
      expect(m.status).toBe(200);
      expect(m.body.subject).toBe(h.subject);
      expect(m.body.text).toContain(h.subject);
    }
  });

  it('stays in its own account', async () => {
    expect((await svc.request('GET', '/api/v5/alert_histories/', { as: svc.other })).body.pagination.count).toBe(0);
  });
});

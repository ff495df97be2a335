import { formatUtcSeconds } from '../../shared/utc-time';
import type { DemoClient } from './client';
import type { ConfigStep } from './config-step';
import { TIER_TAG } from './configure';
import { serversOfTier, type DemoServer, type Fleet, type Tier } from './fleet';
import { incidentTarget } from './incidents';
import { SERVICE_LOG } from './logs';
import { catalogOf } from './process-catalog';
import { CRASH_LOOP_ARGS } from './processes';

const H = 3600;

/** Reads every page of a list endpoint. */
async function listAll<T>(client: DemoClient, path: string, form: Record<string, unknown> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const r = await client.request('GET', path, { form: { ...form, limit: 2500, page } });
    if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status}`);
    const body = r.body as { data?: T[]; pagination?: { next?: string | null } };
    out.push(...(body.data ?? []));
    if (!body.pagination?.next) return out;
  }
}

/** The demo's maintenance windows: one past (inside the history), one to come; hours from the start. */
const WINDOWS: { reason: string; tier: Tier; fromHour: number; hours: number }[] = [
  { reason: 'Cache tier: Redis upgrade', tier: 'cache', fromHour: -10, hours: 2 },
  { reason: 'Web tier: OS patching', tier: 'web', fromHour: 14, hours: 2 },
];

/**
 * Creates the demo's maintenance windows (through POST /maintenance_windows/), placed around `now`
 * on a first start; a window whose reason already exists is kept where it is.
 */
export async function configureMaintenance(client: DemoClient, fleet: Fleet, ids: Map<number, number>, now: number): Promise<ConfigStep[]> {
  const steps: ConfigStep[] = [];
  const hour = Math.floor(now / H) * H;
  let existing: { reason: string }[] | null = null;
  for (const w of WINDOWS) {
    const servers = serversOfTier(fleet, w.tier).map((s) => ids.get(s.index)).filter((id): id is number => id !== undefined);
    if (!servers.length) continue;
    const step = `maintenance window ${w.reason}`;
    try {
      existing ??= await listAll<{ reason: string }>(client, '/api/v5/maintenance_windows/');
      if (existing.some((x) => x.reason === w.reason)) {
        steps.push({ step, ok: true, detail: 'exists' });
        continue;
      }
      const at = (t: number) => formatUtcSeconds(t).slice(0, 16);
      const start = hour + w.fromHour * H;
      const r = await client.request('POST', '/api/v5/maintenance_windows/', {
        form: { start: at(start), end: at(start + w.hours * H), reason: w.reason, servers },
      });
      if (r.status !== 200 && r.status !== 201) throw new Error(`POST /maintenance_windows: HTTP ${r.status}`);
      steps.push({ step, ok: true });
    } catch (e) {
      steps.push({ step, ok: false, detail: e instanceof Error ? e.message : String(e) });
    }
  }
  return steps;
}

/** An alert the demo sets up for one of its incidents. Its target arrives with the data, so `find` may answer null for a while. */
interface DemoAlert {
  name: string;
  form: Record<string, unknown>;
  find(): Promise<string | null>;
}

/** The alerts matching the fleet's incidents (the default alerts already catch the CPU spike and the disk fill). */
function demoAlerts(client: DemoClient, fleet: Fleet, ids: Map<number, number>): DemoAlert[] {
  const alerts: DemoAlert[] = [];
  const idOf = (s: DemoServer | undefined) => (s ? ids.get(s.index) : undefined);

  // The crash loop replaces the worker with a new pid every few minutes: the instance running before
  // it terminates at its start. That instance never comes back, so its incident stays open (reminded daily).
  const crash = incidentTarget(fleet, 'crash_loop');
  const crashId = idOf(crash);
  if (crash && crashId !== undefined && catalogOf(crash.os, crash.software, crash.cpuNum).some((d) => d.args === CRASH_LOOP_ARGS)) {
    alerts.push({
      name: 'Worker process terminated',
      form: { type: 'Process', trigger_type: 'Process Termination', time_above_threshold: 1, interval: 1440 },
      async find() {
        const procs = await listAll<{ pid: string; create_time: string; name: string; args: string | null }>(client, `/api/v5/servers/${crashId}/processes/`);
        const p = procs.find((x) => x.args === CRASH_LOOP_ARGS);
        return p ? `${crashId},${p.pid},${p.create_time},${p.name}` : null;
      },
    });
  }

  // An error burst logs 40-90 lines a minute, most of them critical; a quiet minute has none or one.
  const burst = incidentTarget(fleet, 'error_burst');
  const burstId = idOf(burst);
  if (burst && burstId !== undefined) {
    alerts.push({
      name: 'Critical errors in nginx log',
      form: { type: 'Log', trigger_type: 'Number of Critical', threshold: 20, time_above_threshold: 2 },
      async find() {
        const logs = await listAll<{ id: number; source_type: string; source: string }>(client, '/api/v5/logs/', { server: burstId });
        return logs.find((l) => l.source_type === 'FILE' && l.source === SERVICE_LOG[burst.software])?.id.toString() ?? null;
      },
    });
    if (burst.software === 'nginx') {
      alerts.push({
        name: 'nginx critical reports',
        form: { type: 'Application', trigger_type: 'Critical Incident Reports', threshold: 20, time_above_threshold: 2 },
        async find() {
          const apps = await listAll<{ id: number; name: string; servers: number[] }>(client, '/api/v5/applications/');
          return apps.find((a) => a.name === 'nginx' && a.servers.includes(burstId))?.id.toString() ?? null;
        },
      });
    }
  }

  // Polled checks run every 5 minutes: the item exists once the first run is in.
  const check = incidentTarget(fleet, 'polled_check');
  const checkId = idOf(check);
  if (check?.tier === 'db' && checkId !== undefined) {
    alerts.push({
      name: 'Replication lag check',
      form: { type: 'Polled Data', trigger_type: 'Nagios', time_above_threshold: 1 },
      async find() {
        const items = await listAll<{ id: number; name: string; server_id: number }>(client, '/api/v5/polled-data/');
        return items.find((p) => p.server_id === checkId && p.name === 'check_replication')?.id.toString() ?? null;
      },
    });
  }

  // One incident for the tier's tag (per_server false): it records and names the server that breached.
  const spike = incidentTarget(fleet, 'cpu_spike');
  if (spike && idOf(spike) !== undefined) {
    const tag = TIER_TAG[spike.tier];
    alerts.push({
      name: `CPU over 90% on ${tag} tag`,
      form: { type: 'Server Tag', trigger_type: 'CPU', threshold: 90, time_above_threshold: 3, num_of_servers: 1 },
      async find() {
        const tags = await listAll<{ id: number; name: string }>(client, '/api/v5/server_tags/', { filter: tag });
        return tags.find((t) => t.name === tag)?.id.toString() ?? null;
      },
    });
  }
  return alerts;
}

/** The demo's alerts being set up while the backfill brings in their targets. */
export interface AlertSetup {
  /** Creates the alerts whose targets exist now (an alert of that name already there counts); true when none is left. */
  attempt(): Promise<boolean>;
  /** One step per alert: created, already there, failed, or still without its target. */
  steps(): ConfigStep[];
}

/**
 * Sets up, through POST /alerts/, an alert for each incident of the fleet that the default alerts
 * miss; they notify the account owner by e-mail only, with no callbacks. Idempotent by alert name.
 */
export function demoAlertSetup(client: DemoClient, fleet: Fleet, ids: Map<number, number>): AlertSetup {
  let pending = demoAlerts(client, fleet, ids);
  const done: ConfigStep[] = [];
  let owner: number | null = null;

  return {
    async attempt() {
      if (!pending.length) return true;
      try {
        owner ??= (await listAll<{ id: number; is_account_owner: boolean }>(client, '/api/v5/users/')).find((u) => u.is_account_owner)?.id ?? null;
        if (owner === null) throw new Error('no account owner among the user profiles');
        const names = new Set((await listAll<{ name: string }>(client, '/api/v5/alerts/')).map((a) => a.name));
        const users = [{ id: owner, sendemail: true, sendsms: false, pushnotification: false }];
        const waiting: DemoAlert[] = [];
        for (const a of pending) {
          const step = `alert ${a.name}`;
          if (names.has(a.name)) {
            done.push({ step, ok: true, detail: 'exists' });
            continue;
          }
          const target = await a.find();
          if (target === null) {
            waiting.push(a);
            continue;
          }
          const r = await client.request('POST', '/api/v5/alerts/', { form: { name: a.name, ...a.form, target_id: target, users } });
          const ok = r.status === 200 || r.status === 201;
          done.push({ step, ok, ...(ok ? {} : { detail: `POST /alerts: HTTP ${r.status} ${JSON.stringify(r.body)}`.slice(0, 300) }) });
        }
        pending = waiting;
      } catch (e) {
        const detail = e instanceof Error ? e.message : String(e);
        done.push(...pending.map((a) => ({ step: `alert ${a.name}`, ok: false, detail })));
        pending = [];
      }
      return !pending.length;
    },
    steps() {
      return [...done, ...pending.map((a) => ({ step: `alert ${a.name}`, ok: false, detail: 'its target has not appeared in the data yet' }))];
    },
  };
}

import type { CollectorConfig } from '../../shared/ingest';
import { DemoClient, HttpError } from './client';
import type { ConfigStep } from './config-step';
import { configureAccount, detectApplications } from './configure';
import { configureMaintenance, demoAlertSetup, type AlertSetup } from './demo-alerts';
import { buildFleet, registrationOf, type DemoServer, type Fleet } from './fleet';
import { generateBatch, type ServerEnv } from './generate';

/** Options of startDemoFleet. */
export interface DemoFleetOptions {
  /** The service, e.g. http://127.0.0.1:3000 (the /api/v5 paths are added). */
  baseUrl: string;
  email: string;
  key: string;
  /** Number of servers (default 25: the named roster; more repeat it with suffixes). */
  servers?: number;
  /** Days of history to backfill (default 7; fractions allowed). */
  days?: number;
  /** Seed of the simulation (default 1): the same seed gives the same fleet and data. */
  seed?: number;
  /** Keep streaming each minute after the backfill (default true). */
  follow?: boolean;
  /** Batches in flight during the backfill (default 8). */
  concurrency?: number;
  /** gzip batch bodies (default false: on loopback compression costs more than it saves). */
  gzip?: boolean;
  /** The clock, epoch seconds (default the system clock). */
  now?: () => number;
  onProgress?: (p: DemoProgress) => void;
}

/** Progress of the fleet, reported as it goes. */
export interface DemoProgress {
  phase: 'configure' | 'backfill' | 'live' | 'error';
  /** Batches sent so far in this phase, and the phase's total (backfill). */
  sent: number;
  total: number;
  elapsedMs: number;
  message?: string;
  steps?: ConfigStep[];
}

/** A running demo fleet. */
export interface DemoFleet {
  /** Resolves when the history is in (rejects if the fleet could not start, e.g. bad credentials). */
  backfillDone: Promise<void>;
  /** Stops streaming and waits for the batches in flight. */
  stop(): Promise<void>;
}

interface ServerState {
  s: DemoServer;
  id: number;
  env: ServerEnv;
  /** The next minute to send. */
  next: number;
  gone: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Backfilled minutes during which the demo's alerts wait for their targets (a polled check runs every 5). */
const ALERT_SETUP_MINUTES = 10;
const envOf = (c: CollectorConfig): ServerEnv => ({ logs: c.logs, transactions: c.transactions.on && c.transactions.enabled });

/**
 * Starts the demo fleet against a running service: registers the servers, applies the demo
 * configuration and maintenance windows through the REST API, backfills `days` of history (resuming
 * after the latest stored minute, so a restart only fills the gap) and sets up the demo's alerts as
 * their targets arrive in its first minutes, then streams one batch per server each minute.
 */
export function startDemoFleet(opts: DemoFleetOptions): DemoFleet {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const fleet: Fleet = buildFleet(opts.servers ?? 25, opts.seed ?? 1);
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const client = new DemoClient(opts.baseUrl, opts.email, opts.key, { gzip: opts.gzip ?? false, maxSockets: concurrency + 2 });
  const started = Date.now();
  const progress = (p: Omit<DemoProgress, 'elapsedMs'>) => opts.onProgress?.({ ...p, elapsedMs: Date.now() - started });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let live: Promise<void> = Promise.resolve();
  const states: ServerState[] = [];
  let alertSetup: AlertSetup | null = null;

  async function register(s: DemoServer): Promise<number> {
    return (await client.register(registrationOf(s, fleet.seed))).server_id;
  }

  async function send(st: ServerState, minute: number): Promise<boolean> {
    const b = generateBatch(fleet, st.s, minute, st.env);
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await client.sendBatch(b);
        if (r.status === 200 || r.status === 201) return true;
        if (r.status === 410) {
          st.gone = true;
          return false;
        }
        if (r.status === 409 && attempt === 0) {
          st.id = await register(st.s);
          continue;
        }
        if (r.status < 500 && r.status !== 429) throw new HttpError(r.status, r.body, `batch ${b.batch_id}`);
        if (attempt >= 4) throw new HttpError(r.status, r.body, `batch ${b.batch_id}`);
      } catch (e) {
        if (e instanceof HttpError || attempt >= 4 || stopped) throw e;
      }
      await sleep(200 * 2 ** attempt);
    }
  }

  /**
   * Sends minutes up to `last` for every server: minute by minute (so servers stay in step and each
   * server's minutes arrive in order), with up to `concurrency` batches of the minute in flight.
   */
  async function sendUpTo(last: number, phase: DemoProgress['phase']): Promise<number> {
    return sendMinutes(Math.min(...states.map((st) => st.next)), last, phase, true);
  }

  /**
   * Sends the minutes first..last of every live server. With `advance`, only servers whose cursor
   * (`next`) has reached the minute, moving it on; without, an older range that the cursors passed.
   */
  async function sendMinutes(first: number, last: number, phase: DemoProgress['phase'], advance: boolean): Promise<number> {
    const total = states.reduce((n, st) => n + (st.gone ? 0 : Math.max(0, (last - (advance ? st.next : first)) / 60 + 1)), 0);
    let sent = 0;
    let failures = 0;
    let reported = Date.now();
    for (let minute = first; minute <= last && !stopped; minute += 60) {
      const due = states.filter((st) => !st.gone && (!advance || st.next <= minute));
      const worker = async () => {
        for (let st = due.shift(); st && !stopped; st = due.shift()) {
          try {
            await send(st, minute);
          } catch (e) {
            failures++;
            if (failures <= 5) progress({ phase, sent, total, message: e instanceof Error ? e.message : String(e) });
          }
          if (advance) st.next = minute + 60;
          sent++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
      if (minute === first && phase === 'backfill') await onFirstMinute();
      if (phase === 'backfill') await setUpAlerts(minute >= first + (ALERT_SETUP_MINUTES - 1) * 60);
      if (Date.now() - reported > 1000) {
        reported = Date.now();
        progress({ phase, sent, total });
      }
    }
    progress({ phase, sent, total, ...(failures ? { message: `${failures} batches failed` } : {}) });
    return sent;
  }

  /** Once the first minute of processes is in, applications can be detected. */
  async function onFirstMinute(): Promise<void> {
    const ids = new Map(states.filter((st) => !st.gone).map((st) => [st.s.index, st.id]));
    const apps = await detectApplications(client, fleet, ids).catch(() => []);
    if (apps.length) progress({ phase: 'backfill', sent: 0, total: 0, message: `applications detected: ${apps.join(', ')}` });
  }

  /**
   * Creates the demo's alerts whose targets (processes, polled items, applications) have arrived with
   * the minutes sent so far; reports their steps once all exist, or when `final` and some never came.
   */
  async function setUpAlerts(final: boolean): Promise<void> {
    if (!alertSetup) return;
    const done = await alertSetup.attempt();
    if (!done && !final) return;
    progress({ phase: 'configure', sent: 0, total: 0, steps: alertSetup.steps() });
    alertSetup = null;
  }

  async function latestMinute(id: number): Promise<number | null> {
    const r = await client.request('GET', `/api/v5/servers/${id}/data/`);
    const point = r.status === 200 ? (r.body as { data?: { time?: number }[] }).data?.[0] : undefined;
    return typeof point?.time === 'number' ? point.time : null;
  }

  async function refreshConfigs(): Promise<void> {
    await Promise.all(
      states.map(async (st) => {
        if (st.gone) return;
        try {
          st.env = envOf(await client.config(st.s.guid));
        } catch (e) {
          if (e instanceof HttpError && e.status === 410) st.gone = true;
        }
      }),
    );
  }

  function scheduleTick(): void {
    if (stopped) return;
    const ms = (60 - (now() % 60) + 3) * 1000;
    timer = setTimeout(() => {
      live = (async () => {
        await refreshConfigs();
        await sendUpTo(Math.floor(now() / 60) * 60 - 60, 'live');
      })()
        .catch((e) => progress({ phase: 'error', sent: 0, total: 0, message: String(e) }))
        .finally(scheduleTick);
    }, ms);
  }

  /** Registers, configures and backfills; answers the older range still to send, if any. */
  async function run(): Promise<{ from: number; to: number } | null> {
    const from = Math.floor(now() / 60) * 60 - Math.round((opts.days ?? 7) * 1440) * 60;
    for (const s of fleet.servers) {
      try {
        states.push({ s, id: await register(s), env: {}, next: from, gone: false });
      } catch (e) {
        // A server deleted through the API stays deleted: its collector stops (410 Gone).
        if (!(e instanceof HttpError && e.status === 410)) throw e;
        states.push({ s, id: -1, env: {}, next: from, gone: true });
      }
    }
    const present = states.filter((st) => !st.gone);
    const ids = new Map(present.map((st) => [st.s.index, st.id]));
    const steps = [...(await configureAccount(client, fleet, ids)), ...(await configureMaintenance(client, fleet, ids, now()))];
    alertSetup = demoAlertSetup(client, fleet, ids);
    await refreshConfigs();
    for (const st of present) {
      const latest = await latestMinute(st.id);
      if (latest !== null) st.next = Math.max(from, latest + 60);
    }
    progress({ phase: 'configure', sent: 0, total: 0, steps, message: steps.filter((x) => !x.ok).map((x) => x.detail).join('; ') || undefined });
    const last = Math.floor(now() / 60) * 60 - 60;
    const recentFrom = Math.max(from, last - 1439 * 60);
    if (present.every((st) => st.next === from) && recentFrom > from) {
      // A first start sends the last day first, so the dashboard's usual views fill in within minutes
      // (and the alert engine sees that day in order); the older days follow while live minutes stream.
      for (const st of present) st.next = recentFrom;
      await sendUpTo(last, 'backfill');
      await setUpAlerts(true);
      return { from, to: recentFrom - 60 };
    }
    await sendUpTo(last, 'backfill');
    await setUpAlerts(true);
    return null;
  }

  const backfillDone = run().then(async (older) => {
    if (opts.follow !== false) scheduleTick();
    if (older) await sendMinutes(older.from, older.to, 'backfill', false);
  });
  backfillDone.catch((e: unknown) => progress({ phase: 'error', sent: 0, total: 0, message: e instanceof Error ? e.message : String(e) }));
  return {
    backfillDone,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await backfillDone.catch(() => undefined);
      await live;
      client.close();
    },
  };
}

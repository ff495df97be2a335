import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Batch, CollectorConfig } from '../../shared/ingest';
import { loadGuid, readRegistration } from './host-info';
import { LogBuffer } from './log-buffer';
import { LogSources } from './log-sources';
import { PolledRunner } from './polled-runner';
import { DEFAULT_LIMITS, HostSampler, type SamplerLimits } from './sampler';
import { StatsdAggregator, listenStatsd } from './statsd';
import { ServiceError, Uploader, type ServiceTarget } from './uploader';

/** Options of startCollector; only url, email and key are required. */
export interface CollectorOptions extends ServiceTarget {
  /** Directory of the collector's state (default ~/.fleetwatch-collector). */
  stateDir?: string;
  /** File holding the stable guid (default <stateDir>/guid). */
  guidFile?: string;
  /** UDP port of the StatsD listener (default 8125; 0 picks a free port; null turns StatsD off). */
  statsdPort?: number | null;
  /** Address the StatsD and syslog listeners bind (default 0.0.0.0). */
  listenHost?: string;
  /** Seconds between batches (default: the config's collect_period, normally 60). */
  intervalSeconds?: number;
  /** Seconds between config pulls (default 60). */
  configSeconds?: number;
  /** Reported hostname (default os.hostname()). */
  hostname?: string;
  /** Caps of processes, details and connections per batch. */
  limits?: Partial<SamplerLimits>;
  /** Milliseconds between checks of tailed files (default 1000). */
  tailPollMs?: number;
  /** Diagnostics sink (default console.error with a prefix). */
  log?: (msg: string) => void;
}

/** A running collector. */
export interface RunningCollector {
  stop(): Promise<void>;
  /** Resolves once registered and listening (rejects only if stopped first). */
  ready: Promise<void>;
  /** Resolves when the collector ends: stopped, or 'gone' after the service answered 410. */
  done: Promise<'stopped' | 'gone'>;
  guid: string;
  /** Server id once registered, and the bound StatsD port. */
  status(): { serverId: number | null; statsdPort: number | null; uploaded: number; queued: number };
}

const MAX_QUEUE = 120;

/** A collector that could not start: ready rejects with the reason, done is already 'stopped'. */
function deadCollector(reason: Error): RunningCollector {
  const ready = Promise.reject(reason);
  ready.catch(() => undefined);
  return {
    stop: async () => undefined,
    ready,
    done: Promise.resolve('stopped'),
    guid: '',
    status: () => ({ serverId: null, statsdPort: null, uploaded: 0, queued: 0 }),
  };
}

/**
 * Starts collecting this Linux host into the service; returns at once, registering in the background.
 * Never throws: off Linux, or when the guid file cannot be read or written, it logs why and its
 * `ready` rejects, so a host process (npm start) keeps running.
 */
export function startCollector(opts: CollectorOptions): RunningCollector {
  const log = opts.log ?? ((m: string) => console.error(`[collector] ${m}`));
  const stateDir = opts.stateDir ?? join(homedir(), '.fleetwatch-collector');
  let guid: string;
  try {
    if (process.platform !== 'linux') throw new Error(`the collector reads /proc and runs on Linux only (this is ${process.platform})`);
    guid = loadGuid(opts.guidFile ?? join(stateDir, 'guid'));
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    log(`not started: ${e.message}`);
    return deadCollector(e);
  }
  const api = new Uploader(opts);
  const sampler = new HostSampler({ ...DEFAULT_LIMITS, ...opts.limits });
  const logBuffer = new LogBuffer();
  const logs = new LogSources(logBuffer, { syslogHost: opts.listenHost, pollMs: opts.tailPollMs, log });
  const polled = new PolledRunner({ log });
  const statsd = new StatsdAggregator();
  const queue: Batch[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let serverId: number | null = null;
  let statsdPort: number | null = null;
  let statsdClose: (() => Promise<void>) | null = null;
  let uploaded = 0;
  let config: CollectorConfig | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let finish!: (r: 'stopped' | 'gone') => void;
  const done = new Promise<'stopped' | 'gone'>((r) => (finish = r));

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };
  const wakers = new Set<() => void>();
  // A backoff sleep ends early on stop, so stop() never waits for a retry delay.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(t);
        wakers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      wakers.add(wake);
    });
  // Work is serialized so a slow upload never overlaps the next sample or a config pull.
  const serial = (fn: () => Promise<void>) => {
    chain = chain.then(() => (stopped ? undefined : fn())).catch((err: unknown) => log(err instanceof Error ? err.message : String(err)));
    return chain;
  };

  const applyConfig = async (c: CollectorConfig) => {
    config = c;
    serverId = c.server_id;
    await logs.apply(c.logs, c.transactions.on && c.transactions.enabled);
    polled.apply(c.polled_data);
  };

  const register = async () => {
    for (let attempt = 0; !stopped; attempt++) {
      try {
        const r = await api.register(await readRegistration(guid, opts.hostname));
        await applyConfig(r.config);
        return;
      } catch (err) {
        if (err instanceof ServiceError && err.status === 410) return gone();
        log(`register failed: ${err instanceof Error ? err.message : String(err)}`);
        await sleep(Math.min(60_000, 1000 * 2 ** attempt));
      }
    }
  };

  const gone = async () => {
    log('the server was deleted in the service (410): stopping');
    await halt('gone');
  };

  let failures = 0;
  const flush = async (): Promise<void> => {
    let reregistered = 0;
    while (queue.length && !stopped) {
      const b = queue[0]!;
      const out = await api.upload(b);
      if (out.kind === 'stored' || out.kind === 'rejected') {
        if (out.kind === 'rejected') log(`batch ${b.batch_id} refused: ${out.message}`);
        else uploaded++;
        queue.shift();
        failures = 0;
      } else if (out.kind === 'gone') return gone();
      else if (out.kind === 'reregister' && reregistered++ < 2) {
        await register();
      } else {
        failures++;
        const wait = Math.min(60_000, 1000 * 2 ** Math.min(failures, 6));
        const why = out.kind === 'retry' ? out.message : `HTTP ${out.status} after registering again`;
        log(`upload failed (${why}); retrying in ${wait / 1000} s with the same batch id`);
        later(wait, () => void serial(flush));
        return;
      }
    }
  };

  const interval = () => Math.max(1, opts.intervalSeconds ?? config?.collect_period ?? 60);
  const nextDelay = () => {
    const s = interval();
    const now = Date.now() / 1000;
    // Whole-minute intervals fire just after each boundary, so a batch covers the minute that ended.
    const offset = s % 60 === 0 ? 2 : 0;
    return Math.max(100, ((Math.floor((now - offset) / s) + 1) * s + offset - now) * 1000);
  };

  const collect = async () => {
    const sample = await sampler.sample();
    const start = Math.floor(Date.now() / 1000) - interval();
    queue.push({
      batch_id: randomUUID(),
      guid,
      minute: start - (((start % 60) + 60) % 60),
      ...sample,
      logs: logBuffer.drain(),
      polled: polled.drain(),
      statsd: statsd.flush(),
      transactions: logBuffer.drainTransactions(),
    });
    if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
    await flush();
  };

  const tick = () => {
    void serial(collect);
    later(nextDelay(), tick);
  };

  const pullConfig = async () => {
    try {
      await applyConfig(await api.config(guid));
    } catch (err) {
      if (err instanceof ServiceError && err.status === 410) return gone();
      if (err instanceof ServiceError && (err.status === 404 || err.status === 409)) return register();
      log(`config pull failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const configTick = () => {
    void serial(pullConfig);
    later((opts.configSeconds ?? 60) * 1000, configTick);
  };

  const ready = (async () => {
    if (opts.statsdPort !== null) {
      try {
        const s = await listenStatsd(statsd, opts.statsdPort ?? 8125, opts.listenHost);
        statsdPort = s.port;
        statsdClose = s.close;
      } catch (err) {
        log(`StatsD listener off: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    await serial(register);
    if (stopped || serverId === null) throw new Error('collector stopped before it was ready');
    void serial(async () => void (await sampler.sample())); // baseline for the first interval's deltas
    later(nextDelay(), tick);
    later((opts.configSeconds ?? 60) * 1000, configTick);
  })();
  ready.catch(() => undefined);

  async function halt(reason: 'stopped' | 'gone') {
    if (stopped) return;
    stopped = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    for (const wake of [...wakers]) wake();
    await Promise.allSettled([logs.close(), polled.close(), statsdClose?.()]);
    finish(reason);
  }

  return {
    async stop() {
      await halt('stopped');
      await chain;
    },
    ready,
    done,
    guid,
    status: () => ({ serverId, statsdPort, uploaded, queued: queue.length }),
  };
}

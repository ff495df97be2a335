import { hostname } from 'node:os';
import type { LeaseRepo } from '../store/repos/leases';

/** A job that runs in one process at a time; start answers how to stop it. */
export interface SingletonJob {
  name: string;
  start(): { stop(): Promise<unknown> | unknown };
}

export interface SingletonOptions {
  /** The lease lasts this long unless renewed; another process takes over after it. */
  ttlMs?: number;
  /** How often the lease is renewed (and, by processes without it, tried). */
  everyMs?: number;
  now?: () => number;
}

/** A worker id for this process: host, pid and a random part (a restarted process is a new holder). */
export function workerId(): string {
  return `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs each job in one process at a time among those sharing the store: whoever holds the job's lease
 * runs it and renews the lease every `everyMs`; if the holder dies, the lease expires after `ttlMs`
 * and another process starts the job at its next try, so a takeover takes at most ttlMs + everyMs
 * (10 s + 3 s by default). A process that loses its lease (it stalled past the ttl) stops the job.
 */
export function runSingletons(leases: LeaseRepo, holder: string, jobs: SingletonJob[], opts: SingletonOptions = {}) {
  const ttlMs = opts.ttlMs ?? 10_000;
  const everyMs = opts.everyMs ?? 3_000;
  const now = opts.now ?? Date.now;
  const running = new Map<string, { stop(): Promise<unknown> | unknown }>();
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  let rounds = 0;

  async function round() {
    for (const job of jobs) {
      if (stopped) return;
      let held = false;
      try {
        held = await leases.acquire(job.name, holder, ttlMs, now());
      } catch (err) {
        console.error(`lease ${job.name}:`, err instanceof Error ? err.message : err);
      }
      const current = running.get(job.name);
      if (held && !current) {
        running.set(job.name, job.start());
      } else if (!held && current) {
        running.delete(job.name);
        await current.stop();
      }
    }
  }

  const tick = () => {
    busy = busy.then(round).then(() => void rounds++);
    return busy;
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();

  return {
    /** Names of the jobs this process runs now. */
    held: () => [...running.keys()],
    /** How many rounds of lease attempts have completed (what tests wait on, instead of a time). */
    rounds: () => rounds,
    /** Resolves after the first round of lease attempts. */
    ready: () => busy,
    /** Stops every job this process runs and gives their leases up, so another process takes over at once. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
      for (const [name, job] of running) {
        await job.stop();
        await leases.release(name, holder);
      }
      running.clear();
    },
  };
}

import { deliveryHost, type Delivery, type OutboxRepo } from '../store/repos/outbox';
import { attempt, type AttemptOutcome } from './deliver';
import type { NetPolicy } from './net-policy';

export interface DispatcherOptions {
  policy: NetPolicy;
  /** Deadline of one attempt, from DNS to the end of the answer, redirects included. */
  timeoutMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts?: number;
  /** Attempts in flight at once, and per subscriber host, so one slow subscriber cannot hold up others. */
  concurrency?: number;
  perHost?: number;
  /** How often the outbox is polled when nothing wakes the dispatcher. */
  tickMs?: number;
  /** Cap on a subscriber's Retry-After. */
  maxRetryAfterMs?: number;
  random?: () => number;
}

/**
 * When to try again after a failed attempt: capped exponential backoff with jitter (half fixed, half
 * random), or the subscriber's Retry-After on 429/503 when it asks for longer.
 */
export function retryDelayMs(attemptsSoFar: number, outcome: Pick<AttemptOutcome, 'retryAfter'>, o: Required<Omit<DispatcherOptions, 'policy'>>): number {
  const exp = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attemptsSoFar - 1));
  const jittered = exp / 2 + (o.random() * exp) / 2;
  if (outcome.retryAfter !== null) return Math.max(jittered, Math.min(o.maxRetryAfterMs, outcome.retryAfter * 1000));
  return jittered;
}

export interface Dispatcher {
  /** Look at the outbox now (after new deliveries were enqueued). */
  wake(): void;
  stop(): Promise<void>;
}

/** Delivers the outbox at least once: pending rows are picked up again after a restart. */
export function startDispatcher(outbox: OutboxRepo, options: DispatcherOptions): Dispatcher {
  const o = {
    timeoutMs: 10_000,
    baseDelayMs: 5_000,
    maxDelayMs: 3_600_000,
    maxAttempts: 12,
    concurrency: 16,
    perHost: 2,
    tickMs: 1_000,
    maxRetryAfterMs: 6 * 3_600_000,
    random: Math.random,
    ...options,
  };
  const inFlight = new Map<number, Promise<void>>();
  const perHost = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const hostOf = (d: Delivery) => deliveryHost(d.url);

  async function run(d: Delivery) {
    const host = hostOf(d);
    perHost.set(host, (perHost.get(host) ?? 0) + 1);
    try {
      const out = await attempt(d, o.policy, o.timeoutMs);
      const now = Date.now();
      const tries = d.attempts + 1;
      const state = out.ok ? 'delivered' : out.refused || tries >= o.maxAttempts ? 'failed' : 'pending';
      const next = state === 'pending' ? now + retryDelayMs(tries, out, o) : now;
      await outbox.recordAttempt(d.id, { state, nextAttemptAt: Math.round(next), httpStatus: out.httpStatus, error: out.error, latencyMs: out.latencyMs, at: now });
    } finally {
      const left = (perHost.get(host) ?? 1) - 1;
      if (left > 0) perHost.set(host, left);
      else perHost.delete(host);
      inFlight.delete(d.id);
      schedule(0);
    }
  }

  async function tick() {
    if (stopped || running) return;
    running = true;
    try {
      const free = o.concurrency - inFlight.size;
      if (free > 0) {
        const busyHosts = [...perHost].filter(([, n]) => n >= o.perHost).map(([h]) => h);
        const due = await outbox.due(Date.now(), free * 2, { exclude: [...inFlight.keys()], busyHosts, perHost: o.perHost });
        for (const d of due) {
          if (inFlight.size >= o.concurrency) break;
          if ((perHost.get(hostOf(d)) ?? 0) >= o.perHost) continue;
          inFlight.set(d.id, run(d));
        }
      }
    } finally {
      running = false;
    }
    const next = await outbox.nextDue();
    schedule(next === null ? o.tickMs : Math.min(o.tickMs, Math.max(0, next - Date.now())));
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick().catch(() => schedule(o.tickMs)), ms);
    timer.unref?.();
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled(inFlight.values());
    },
  };
}

import type { JobResult, OutboxJob, OutboxRepo, PendingNotification } from '../store/repos/outbox';
import { sendChannelMessage } from './channel-send';
import { attempt, type AttemptOutcome } from './deliver';
import { groupDeliveryId, groupMessage, type GroupLinks } from './group-message';
import type { NetPolicy } from './net-policy';
import type { Transports } from './notifier';

export interface DispatcherOptions {
  policy: NetPolicy;
  /** This process's worker id: outbox rows are claimed under it. */
  worker?: string;
  /** Sends user notifications; without it only callbacks are claimed. */
  transports?: Pick<Transports, 'send' | 'channels'>;
  /** Where links of grouped messages and channel messages point (the dashboard's address). */
  links?: GroupLinks;
  /** PagerDuty's Events API v2 enqueue URL (PAGERDUTY_EVENTS_URL; default events.pagerduty.com). */
  pagerDutyUrl?: string;
  /** Deadline of one attempt, from DNS to the end of the answer, redirects included. */
  timeoutMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts?: number;
  /** Attempts in flight at once, and per host across every process, so one slow subscriber cannot hold up others. */
  concurrency?: number;
  perHost?: number;
  /** How often the outbox is polled when nothing wakes the dispatcher (rows queued by other processes). */
  tickMs?: number;
  /** Cap on a subscriber's Retry-After. */
  maxRetryAfterMs?: number;
  random?: () => number;
}

type Settings = Required<Omit<DispatcherOptions, 'policy' | 'transports' | 'links' | 'pagerDutyUrl'>>;

/**
 * When to try again after a failed attempt: capped exponential backoff with jitter (half fixed, half
 * random), or the subscriber's Retry-After on 429/503 when it asks for longer.
 */
export function retryDelayMs(attemptsSoFar: number, outcome: Pick<AttemptOutcome, 'retryAfter'>, o: Omit<Settings, 'worker'>): number {
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

const DEFAULT_LINKS: GroupLinks = { baseUrl: 'http://localhost:8080' };

/** Attempts so far of a job; a group retries on the schedule of its oldest row. */
function attemptsOf(job: OutboxJob): number {
  if (job.kind === 'callback') return job.delivery.attempts;
  if (job.kind === 'channel') return job.message.attempts;
  return job.kind === 'group' ? Math.max(...job.notifications.map((n) => n.attempts)) : job.notification.attempts;
}

/** A grouped message, its Incidents link over the starts of the incidents it tells. */
async function composeGroup(outbox: OutboxRepo, rows: PendingNotification[], links: GroupLinks) {
  const ids = rows.map((r) => r.alertHistoryId).filter((id) => id !== null);
  const starts = ids.length ? await outbox.incidentStarts(rows[0]!.accountId, ids) : new Map<number, number>();
  return groupMessage(rows, links, starts);
}

/** One attempt of a claimed job, as an outcome of the callback's shape. */
async function runJob(outbox: OutboxRepo, job: OutboxJob, opts: DispatcherOptions, timeoutMs: number): Promise<AttemptOutcome> {
  if (job.kind === 'callback') return attempt(job.delivery, opts.policy, timeoutMs);
  if (job.kind === 'channel') {
    const ctx = await outbox.channelContext(job.message);
    const baseUrl = (opts.links ?? DEFAULT_LINKS).baseUrl;
    return sendChannelMessage(job.message, ctx, { policy: opts.policy, timeoutMs, baseUrl, pagerDutyUrl: opts.pagerDutyUrl });
  }
  const started = performance.now();
  try {
    if (!opts.transports) throw new Error('no transport for notifications in this process');
    await opts.transports.send(job.kind === 'group' ? await composeGroup(outbox, job.notifications, opts.links ?? DEFAULT_LINKS) : job.notification);
    return { ok: true, httpStatus: null, error: null, retryAfter: null, latencyMs: Math.round(performance.now() - started), refused: false };
  } catch (e) {
    return { ok: false, httpStatus: null, error: e instanceof Error ? e.message : String(e), retryAfter: null, latencyMs: Math.round(performance.now() - started), refused: false };
  }
}

/**
 * Delivers the outbox at least once: callbacks, user notifications and channel messages, claimed under a lease so that
 * any number of processes share the work; a row whose worker died is claimed again after its lease.
 */
export function startDispatcher(outbox: OutboxRepo, options: DispatcherOptions): Dispatcher {
  const o: Settings = {
    worker: `dispatcher-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
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
  const channels = options.transports?.channels ?? [];
  // The lease outlives the attempt's deadline, so a live worker's row is never claimed by another;
  // a worker that dies mid-attempt leaves its rows to the others 3 s after that deadline.
  const leaseMs = o.timeoutMs + 3_000;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  // Set by a wake-up; a tick clears it when it starts, so one arriving mid-tick is not lost.
  let woken = false;

  async function run(job: OutboxJob) {
    const attempts = attemptsOf(job);
    const out = await runJob(outbox, job, options, o.timeoutMs);
    const now = Date.now();
    const tries = attempts + 1;
    const state = out.ok ? 'delivered' : out.refused || tries >= o.maxAttempts ? 'failed' : 'pending';
    const next = state === 'pending' ? now + retryDelayMs(tries, out, o) : now;
    const result: JobResult = { state, nextAttemptAt: Math.round(next), httpStatus: out.httpStatus, error: out.error, latencyMs: out.latencyMs, at: now };
    if (job.kind === 'group') result.groupDeliveryId = groupDeliveryId(job.notifications);
    await outbox.recordAttempt(job, o.worker, result);
  }

  async function tick() {
    if (stopped || running) return;
    running = true;
    woken = false;
    try {
      const free = o.concurrency - inFlight.size;
      if (free > 0) {
        const jobs = await outbox.claim({ worker: o.worker, nowMs: Date.now(), leaseMs, limit: free, perHost: o.perHost, channels, maxAttempts: o.maxAttempts });
        for (const job of jobs) {
          const p: Promise<void> = run(job)
            .catch((e: unknown) => console.error('outbox:', e instanceof Error ? e.message : e))
            .finally(() => {
              inFlight.delete(p);
              wakeNow();
            });
          inFlight.add(p);
        }
      }
    } finally {
      running = false;
    }
    // Rows due already wait for a host or a slot to free up: an attempt ending wakes the dispatcher.
    const next = await outbox.nextDue(channels);
    // A wake-up that came while this tick ran may be for a row its claim did not see: look again now
    // rather than let the timer set below replace the one the wake-up set.
    if (woken) return schedule(0);
    const wait = next === null ? o.tickMs : next - Date.now();
    schedule(wait <= 0 ? o.tickMs : Math.min(o.tickMs, wait));
  }

  function wakeNow() {
    woken = true;
    schedule(0);
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick().catch(() => schedule(o.tickMs)), ms);
    timer.unref?.();
  }

  schedule(0);
  // Rows queued by other processes on the same store (where the store can tell).
  const unlisten = outbox.onWork(wakeNow);
  return {
    wake: wakeNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten();
      await Promise.allSettled([...inFlight]);
    },
  };
}

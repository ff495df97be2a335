import { DEFAULT_RETENTION_DAYS, RETENTION_CATEGORIES, retentionProblem, type Retention, type RetentionDays, type RetentionInput } from '../../shared/retention';
import type { Deps } from '../deps';
import type { RetentionSettings } from '../store/repos/retention';
import type { RetentionPolicy } from '../store/repos/telemetry';
import { invalid } from './errors';

const DAY = 86_400;
const seconds = (days: number | null) => (days === null ? null : days * DAY);

/** The defaults of shared/retention.ts in seconds; batch ids long enough for a 7-day backfill replay. */
export const DEFAULT_RETENTION: RetentionPolicy = {
  minute: seconds(DEFAULT_RETENTION_DAYS.minute),
  hour: seconds(DEFAULT_RETENTION_DAYS.hour),
  day: seconds(DEFAULT_RETENTION_DAYS.day),
  processDetails: seconds(DEFAULT_RETENTION_DAYS.process_details),
  logs: seconds(DEFAULT_RETENTION_DAYS.logs),
  traces: seconds(DEFAULT_RETENTION_DAYS.traces),
  alertHistories: seconds(DEFAULT_RETENTION_DAYS.alert_histories),
  batchIds: 8 * DAY,
};

/**
 * How long inbound webhook event ids are remembered to know a retry by: PagerDuty retries a webhook for
 * minutes, so a week is ample, and it bounds the table to a week of events.
 */
export const WEBHOOK_EVENTS_KEEP = 7 * DAY;

/** The policy of the config, defaults filled in: what accounts without their own setting get. */
export function retentionPolicy(deps: Pick<Deps, 'config'>): RetentionPolicy {
  return { ...DEFAULT_RETENTION, ...deps.config.retention };
}

/** The service's defaults in days (a configured policy of seconds rounds up to whole days). */
export function defaultDays(deps: Pick<Deps, 'config'>): RetentionDays {
  const p = retentionPolicy(deps);
  const d = (s: number | null | undefined, fallback: number | null) => (s === undefined ? fallback : s === null ? null : Math.ceil(s / DAY));
  return {
    minute: d(p.minute, null),
    hour: d(p.hour, null),
    day: d(p.day, null),
    process_details: d(p.processDetails, d(p.minute, null)),
    logs: d(p.logs, d(p.minute, null)),
    traces: d(p.traces, d(p.minute, null)),
    alert_histories: d(p.alertHistories, null),
  };
}

const effective = (settings: RetentionSettings, defaults: RetentionDays): RetentionDays =>
  Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, settings[c] === undefined ? defaults[c] : settings[c]])) as RetentionDays;

/** An account's setting as the job's policy (batch ids stay the store's). */
export function policyOf(days: RetentionDays, batchIds: number): RetentionPolicy {
  return {
    minute: seconds(days.minute),
    hour: seconds(days.hour),
    day: seconds(days.day),
    processDetails: seconds(days.process_details),
    logs: seconds(days.logs),
    traces: seconds(days.traces),
    alertHistories: seconds(days.alert_histories),
    batchIds,
  };
}

/** GET /retention/: the account's retention, the defaults, what each category takes and the store's size. */
export async function retentionView(deps: Pick<Deps, 'store' | 'config' | 'now'>, accountId: number): Promise<Retention> {
  const defaults = defaultDays(deps);
  const days = effective(await deps.store.retention.get(accountId), defaults);
  const usage = await deps.store.retention.usage(accountId, deps.now());
  return {
    retention: days,
    defaults,
    usage: usage.map((u) => ({ category: u.category, keep_days: days[u.category], rows: u.rows, bytes: u.bytes, growth_per_day: u.growthPerDay })),
    store: await deps.store.retention.size(),
  };
}

/** PUT /retention/: the categories given change, the rest stay; the whole must keep coarser series longer. */
export async function setRetention(deps: Pick<Deps, 'store' | 'config' | 'now'>, accountId: number, input: RetentionInput): Promise<Retention> {
  const days = effective(await deps.store.retention.get(accountId), defaultDays(deps));
  for (const c of RETENTION_CATEGORIES) if (input[c] !== undefined) days[c] = input[c];
  const problem = retentionProblem(days);
  if (problem) throw invalid(problem.message, problem.field);
  await deps.store.retention.set(accountId, days, deps.now());
  return retentionView(deps, accountId);
}

/** One run of the job: every account's own policy (the config's for the rest), webhook event ids past a week, then compaction. Answers rows removed. */
export async function runRetention(deps: Pick<Deps, 'store' | 'config' | 'now'>): Promise<number> {
  const keep = retentionPolicy(deps);
  const defaults = defaultDays(deps);
  const accounts = new Map<number, RetentionPolicy>();
  for (const [a, s] of await deps.store.retention.all()) accounts.set(a, policyOf(effective(s, defaults), keep.batchIds));
  const removed = (await deps.store.telemetry.enforceRetention(deps.now(), keep, accounts)) + (await deps.store.incidents.pruneWebhookEvents(deps.now() - WEBHOOK_EVENTS_KEEP));
  await deps.store.retention.compact();
  return removed;
}

/**
 * Starts the background job that deletes telemetry past its retention: a minute after start, then
 * every `everyMs` (default hourly). Returns the function that stops it.
 */
export function startRetention(deps: Deps, everyMs = 3_600_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runRetention(deps);
    } catch (err) {
      console.error('telemetry retention failed:', err instanceof Error ? err.message : err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), Math.min(60_000, everyMs));
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

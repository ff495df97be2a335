import type { Deps } from '../deps';
import type { RetentionPolicy } from '../store/repos/telemetry';

const DAY = 86_400;

/** Minute data 30 days, hour data 400 days, day data forever; batch ids long enough for a 7-day backfill replay. */
export const DEFAULT_RETENTION: RetentionPolicy = { minute: 30 * DAY, hour: 400 * DAY, day: null, batchIds: 8 * DAY };

/** The policy of the config, defaults filled in. */
export function retentionPolicy(deps: Pick<Deps, 'config'>): RetentionPolicy {
  return { ...DEFAULT_RETENTION, ...deps.config.retention };
}

/**
 * Starts the background job that deletes telemetry past its retention: a minute after start, then
 * every `everyMs` (default hourly). Returns the function that stops it.
 */
export function startRetention(deps: Deps, everyMs = 3_600_000): () => void {
  const keep = retentionPolicy(deps);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await deps.store.telemetry.enforceRetention(deps.now(), keep);
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

import type { Deps } from '../deps';
import { detectOnServers } from './applications';

/**
 * Runs application auto-detection on the servers of every server set with auto_detection on, so
 * applications appear as their processes start reporting (not only when a set is saved). Runs a
 * minute after start, then every `everyMs`.
 */
export function startAutoDetection(deps: Pick<Deps, 'store' | 'now'>, everyMs = 5 * 60_000, firstMs = 60_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const account of await deps.store.accounts.list()) {
        for (const set of await deps.store.serverSets.listAutoDetecting(account.id)) {
          await detectOnServers(deps, account.id, set.servers);
        }
      }
    } catch (err) {
      console.error('auto-detection:', err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), firstMs);
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

import { processMatches, templateById } from '../../shared/app-templates';
import type { Batch } from '../../shared/ingest';
import type { AlertEngineRepo, EngineAlert } from '../store/repos/alert-engine';
import { observe, type Observation } from './observe';

/**
 * An application's processes are those its template claims, as everywhere else in the service
 * (application data, topology): the application's name is the user's and says nothing about them.
 */
function inApplication(app: { template: number }): (name: string, args: string | null) => boolean {
  const t = templateById(app.template);
  return (name, args) => t !== undefined && processMatches(t, { name, args });
}

/** Lookups made once per batch (live) or once per run (backtest), not once per alert and minute. */
export interface ObserveCache {
  fileLogs?: Map<number, string>;
  apps: Map<number, { template: number } | null>;
  polled: Map<number, string | null>;
}

export const newObserveCache = (): ObserveCache => ({ apps: new Map(), polled: new Map() });

type Reads = Pick<AlertEngineRepo, 'application' | 'polledName' | 'fileLogs'>;

async function once<K, V>(m: Map<K, V>, k: K, load: () => Promise<V>): Promise<V> {
  if (m.has(k)) return m.get(k) as V;
  const v = await load();
  m.set(k, v);
  return v;
}

/**
 * What one minute of one server's data says about an alert (its static condition; the engine applies
 * out-of-band bands after). The one way observations are derived from a batch: the live engine calls it
 * on each uploaded batch, the backtest on batches rebuilt from stored minutes.
 */
export async function observeBatch(
  repo: Reads,
  accountId: number,
  serverId: number,
  alert: EngineAlert,
  batch: Batch,
  server: { capacity_mem: number } | null,
  cache: ObserveCache,
): Promise<Observation | null> {
  const target = Number(alert.target_id);
  const app = alert.type === 'Application' ? await once(cache.apps, target, () => repo.application(accountId, target)) : null;
  const polledName = alert.type === 'Polled Data' ? await once(cache.polled, target, () => repo.polledName(accountId, target)) : null;
  return observe(alert, batch, {
    capacityMem: server?.capacity_mem ?? 0,
    inApplication: app ? inApplication(app) : undefined,
    polledName,
    fileLogs: alert.trigger_type === 'Incident Report Content' ? (cache.fileLogs ??= await repo.fileLogs(accountId, serverId)) : undefined,
  });
}

import { parseProcessTarget } from '../../shared/alert-inputs';
import type { BacktestResult } from '../../shared/alert-backtest';
import type { Batch, ProcessSample } from '../../shared/ingest';
import { replay, type StoredMinute } from '../alerting/backtest';
import { PROCESS_CONTENT_TRIGGERS } from '../alerting/conditions';
import { newObserveCache, observeBatch } from '../alerting/observe-batch';
import type { EngineAlert } from '../store/repos/alert-engine';
import type { AlertValues } from '../store/repos/alerts';
import type { ProcessMinute } from '../store/repos/telemetry';
import type { Store } from '../store/store';
import { unprocessable } from './errors';

/** Minutes read at once per server: a day keeps memory flat over a month of process minutes. */
const CHUNK_SECONDS = 86_400;

/**
 * Why an alert cannot be backtested, or null when it can. Only what is stored per minute can be
 * replayed: server records and process samples. Server Down follows the wall clock, content triggers
 * read files and sockets kept only some minutes, Log and Polled Data alerts read messages and runs not
 * kept as the engine saw them, and out-of-band bands are the alert's own statistics, built live. A
 * per_server alert has an incident per server, which the replay (one incident per alert) does not follow.
 */
export function backtestUnavailable(a: Pick<AlertValues, 'type' | 'trigger_type' | 'threshold_type'> & { per_server?: boolean }): { message: string; field: string } | null {
  const no = (what: string, field: string) => ({ message: `backtest is not available for ${what}: their data is not stored per minute as the engine reads it`, field });
  if (a.type === 'Log' || a.type === 'Polled Data') return no(`${a.type} alerts`, 'type');
  if (a.trigger_type === 'Server Down') return { message: 'backtest is not available for Server Down alerts: they follow the clock, not stored minutes', field: 'trigger_type' };
  if (PROCESS_CONTENT_TRIGGERS.has(a.trigger_type)) return no(`${a.trigger_type} alerts`, 'trigger_type');
  if (a.per_server) return { message: 'backtest is not available for per_server alerts: the replay follows one incident per alert, not one per server', field: 'per_server' };
  if (a.threshold_type === 'out of band') return { message: 'backtest is not available for out of band alerts: their band is built live from the alert\'s own samples', field: 'threshold_type' };
  return null;
}

/** The alert as the engine sees it; `id` 0 for an alert not saved yet. */
function engineAlert(accountId: number, id: number, v: Omit<AlertValues, 'subscribers'>): EngineAlert {
  return { ...v, id, accountId, subscribers: [], in_incident: false };
}

/** The servers whose minutes an alert reads. */
async function serversOf(store: Store, accountId: number, a: Pick<AlertValues, 'type' | 'target_id'>): Promise<number[]> {
  if (a.type === 'Server') return [Number(a.target_id)];
  if (a.type === 'Process') return [parseProcessTarget(a.target_id)?.serverId ?? 0];
  if (a.type === 'Server Tag') return (await store.serverTags.get(accountId, Number(a.target_id)))?.servers ?? [];
  if (a.type === 'Application') return (await store.applications.get(accountId, Number(a.target_id)))?.servers ?? [];
  return [];
}

const toSample = (p: ProcessMinute): ProcessSample => ({ ...p.sample, pid: p.pid, create_time: p.create_time, name: p.name, args: p.args }) as ProcessSample;

// Shared by every rebuilt batch (nothing reads them to write): a month of minutes allocates no more than it must.
const NONE: never[] = [];

/** A stored minute as the batch the engine evaluated: the server record, and the processes where the alert reads them. */
function batchOf(minute: number, server: Batch['server'], processes: ProcessSample[]): Batch {
  return { batch_id: '', guid: '', minute, server, processes, process_details: NONE, connections: NONE, logs: NONE, polled: NONE, statsd: NONE, transactions: NONE } as Batch;
}

/** The stored minutes of the servers over start..end, a day at a time, in minute then server order. */
async function* storedMinutes(store: Store, accountId: number, servers: number[], withProcesses: boolean, start: number, end: number): AsyncGenerator<StoredMinute[]> {
  for (let from = start; from <= end; from += CHUNK_SECONDS) {
    const to = Math.min(end, from + CHUNK_SECONDS - 1);
    const chunk: StoredMinute[] = [];
    for (const serverId of servers) {
      const samples = await store.telemetry.serverMinuteSamples(accountId, serverId, from, to);
      const procs = withProcesses ? new Map((await store.telemetry.processMinuteSamples(accountId, serverId, from, to)).map((m) => [m.time, m.processes])) : null;
      for (const s of samples) chunk.push({ serverId, minute: s.time, batch: batchOf(s.time, s.sample, procs ? (procs.get(s.time) ?? NONE).map(toSample) : NONE) });
    }
    chunk.sort((x, y) => x.minute - y.minute || x.serverId - y.serverId);
    yield chunk;
  }
}

/**
 * Backtests an alert (saved or only a form) over start..end: the engine's observation and decision
 * code replayed on the stored minutes of its servers, maintenance windows honoured as live. Nothing is
 * stored. A type that cannot be replayed is unprocessable (422 at the edge).
 */
export async function backtest(store: Store, accountId: number, alertId: number, values: Omit<AlertValues, 'subscribers'>, window: { start: number; end: number }): Promise<BacktestResult> {
  const unavailable = backtestUnavailable(values);
  if (unavailable) throw unprocessable(unavailable.message, unavailable.field);
  const alert = engineAlert(accountId, alertId, values);
  const servers = await serversOf(store, accountId, values);
  const capacity = new Map<number, { capacity_mem: number } | null>();
  for (const id of servers) capacity.set(id, await store.alertEngine.server(accountId, id));
  const cache = newObserveCache();
  const withProcesses = values.type === 'Process' || values.type === 'Application';
  return replay(alert, storedMinutes(store, accountId, servers, withProcesses, window.start, window.end), {
    observe: (serverId, batch) => observeBatch(store.alertEngine, accountId, serverId, alert, batch, capacity.get(serverId) ?? null, cache),
    inMaintenance: (ids, minute) => store.alertEngine.serversInMaintenance(accountId, ids, minute),
  });
}

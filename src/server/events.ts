import type { EventEmitter } from 'node:events';

/**
 * Emitted on deps.events after a batch is committed (never for a replayed batch). Only a wake-up:
 * the work item is in the store, written with the batch, so evaluation does not depend on this
 * event (another process, or this one after a restart, finds the item all the same).
 */
export interface BatchStoredEvent {
  accountId: number;
  serverId: number;
  minute: number;
}

/** Emitted on deps.events when a collector registers a server the account did not have. */
export interface ServerRegisteredEvent {
  accountId: number;
  serverId: number;
}

/**
 * Emitted on deps.events when an ingest path accepted data (stored it; a replayed batch is not
 * accepted): counted by this process's /metrics (http/metrics.ts). No account: the operator's view
 * carries counts only.
 */
export interface IngestedEvent {
  /** The ingest path: `collector` (batches), `alertmanager` (POST /api/v2/alerts), ... */
  source: string;
  /** Rows accepted by kind (`log_lines`, `statsd`, `polled`, `transactions`, ...); kinds with 0 may be left out. */
  rows: Record<string, number>;
}

/** Emitted on deps.events when the alert engine evaluated a stored batch (alerting/start.ts). */
export interface EvaluatedEvent {
  /** Milliseconds from the batch's acknowledgement to the commit of its evaluation. */
  lagMs: number;
}

/** The in-process events and their payloads. */
export interface ServiceEvents {
  'batch-stored': BatchStoredEvent;
  'server-registered': ServerRegisteredEvent;
  ingested: IngestedEvent;
  evaluated: EvaluatedEvent;
}

/** Typed emit on the service's EventEmitter. */
export function emitEvent<K extends keyof ServiceEvents>(events: EventEmitter, name: K, payload: ServiceEvents[K]): void {
  events.emit(name, payload);
}

/** Typed subscription; returns the function that unsubscribes. */
export function onEvent<K extends keyof ServiceEvents>(
  events: EventEmitter,
  name: K,
  listener: (payload: ServiceEvents[K]) => void,
): () => void {
  events.on(name, listener);
  return () => events.off(name, listener);
}

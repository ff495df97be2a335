import type { EventEmitter } from 'node:events';
import type { Batch } from '../shared/ingest';

/** Emitted on deps.events after a batch is committed (never for a replayed batch). */
export interface BatchEvent {
  accountId: number;
  serverId: number;
  /** The batch's minute (epoch seconds, multiple of 60): the data's own time, not the arrival time. */
  minute: number;
  batch: Batch;
}

/** Emitted on deps.events when a collector registers a server the account did not have. */
export interface ServerRegisteredEvent {
  accountId: number;
  serverId: number;
}

/** The in-process events and their payloads. */
export interface ServiceEvents {
  batch: BatchEvent;
  'server-registered': ServerRegisteredEvent;
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

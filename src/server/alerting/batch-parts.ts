import type { Batch } from '../../shared/ingest';

/** Parts of a batch beyond its server record that some alert types read. */
export type BatchPart = 'processes' | 'logs' | 'polled';

/** What the evaluation queue keeps of a batch: the parts its account's alerts needed when it was stored. */
export interface EvaluationPayload {
  parts: BatchPart[];
  batch: Batch;
}

/**
 * The parts an alert of this type reads: Process and Application alerts their processes (with files,
 * threads and sockets for the content triggers, and the logs Incident Report Content matches), Log
 * alerts the logs, Polled Data alerts the polled results; Server and Server Tag alerts only the
 * server record every payload carries.
 */
export function partsOfType(type: string): BatchPart[] {
  if (type === 'Process' || type === 'Application') return ['processes', 'logs'];
  if (type === 'Log') return ['logs'];
  if (type === 'Polled Data') return ['polled'];
  return [];
}

/**
 * The queue payload of a batch for an account whose active alerts are of `types`, or null when it has
 * none (nothing to evaluate). Parts no alert reads are left out: a fleet of CPU and disk alerts does
 * not copy 200 processes a minute per server into the queue.
 */
export function evaluationPayload(batch: Batch, types: readonly string[]): string | null {
  if (!types.length) return null;
  const parts = [...new Set(types.flatMap(partsOfType))].sort();
  const has = (p: BatchPart) => parts.includes(p);
  const kept: Batch = {
    ...batch,
    processes: has('processes') ? batch.processes : [],
    process_details: has('processes') ? batch.process_details : [],
    connections: has('processes') ? batch.connections : [],
    logs: has('logs') ? batch.logs : [],
    polled: has('polled') ? batch.polled : [],
    statsd: [],
    transactions: [],
  };
  return JSON.stringify({ parts, batch: kept } satisfies EvaluationPayload);
}

/** Whether a payload carries what an alert of this type reads (an alert created after the batch may not). */
export function payloadServes(payload: Pick<EvaluationPayload, 'parts'>, type: string): boolean {
  return partsOfType(type).every((p) => payload.parts.includes(p));
}

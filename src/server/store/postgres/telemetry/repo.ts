import type { Batch } from '../../../../shared/ingest';
import type { EvaluationPayloadOf, TelemetryRepo } from '../../repos/telemetry';
import { named, type Pg } from '../db';
import { activeTypesSql, addEvaluation, ALERT_TYPE_LIST, EVAL_CHANNEL } from '../eval-queue';
import { ensurePartitions } from '../partitions';
import { writeEventParts } from './event-write';
import { wakeListeners } from '../wakeups';
import { processDetail, processDetailNear, processList, processMinuteSamples, processOf, processSeries } from './process-reads';
import { processSummary, processSummaryJson } from './process-summary';
import { collectorConfigOf, lookupGuid, registerServer } from './registry';
import { enforceRetention } from './retention';
import { knownProcesses } from './sample-sink';
import { latestMinuteOf, latestOfServers, latestOfServersJson, serverMinuteSamples, serverSeriesJson } from './server-reads';
import { SINKS } from './sinks';

// Per-server order: batches of one server are stored one after the other under the advisory lock
// (account, server), taken with BEGIN (pg.tx's lock option), so every statement of the transaction
// takes its snapshot after it. This first one drops a batch id seen before and moves last_seen, and
// reads the types of the account's active alerts among $5 (the evaluation payload's parts follow them).
const HEAD = named(`
WITH b AS (INSERT INTO tm_batches (account_id, batch_id, received) VALUES ($1, $3, $4) ON CONFLICT DO NOTHING RETURNING 1),
u AS (UPDATE servers SET last_seen = greatest(coalesce(last_seen, 0), $4) WHERE account_id = $1 AND id = $2 AND EXISTS (SELECT 1 FROM b))
SELECT (SELECT count(*) FROM b) AS n, ${activeTypesSql('$1', '$5')} AS types`);

/**
 * Runs one batch through dedupe, last_seen, every sink and the evaluation queue, in one transaction
 * (SQLite: sqlite/telemetry/repo.ts). The day partitions the sinks write are made before it.
 */
export async function ingestBatch(pg: Pg, a: number, s: number, batch: Batch, now: number, evaluation?: EvaluationPayloadOf): Promise<boolean> {
  for (const sink of SINKS) {
    const times = sink.times(batch);
    if (times.length > 0) for (const spec of sink.tables) await ensurePartitions(pg, spec, times);
  }
  const { stored, queued } = await pg.tx(async (tx) => {
    try {
      const head = (await tx.row<{ n: number; types: string[] }>(HEAD, [a, s, batch.batch_id, now, evaluation ? ALERT_TYPE_LIST : []]))!;
      if (head.n === 0) return { stored: false, queued: false };
      const ctx = { pg, tx, accountId: a, serverId: s, minute: batch.minute };
      for (const sink of SINKS) await sink.store(ctx, batch);
      const queued = evaluation ? await addEvaluation(tx, a, s, batch.minute, batch.batch_id, evaluation, head.types, Date.now()) : false;
      return { stored: true, queued };
    } catch (err) {
      // The attempt rolls back (and may be retried): its processes are not known written.
      knownProcesses.forget(pg, a, s);
      throw err;
    }
  }, { lock: [a, s] });
  // Other replicas' idle evaluators; this process's own is woken by the batch-stored event.
  if (queued) void wakeListeners(pg, EVAL_CHANNEL);
  return stored;
}

/** The PostgreSQL telemetry repository (ingest, time series, processes, retention). */
export function pgTelemetry(pg: Pg): TelemetryRepo {
  const key = (pid: number, ct: number) => `${pid}_${ct}`;
  return {
    register: (a, reg, ip, now, defaults) => registerServer(pg, a, reg, ip, now, defaults),
    byGuid: (a, guid) => lookupGuid(pg, a, guid),
    collectorConfig: (a, s) => collectorConfigOf(pg, a, s),
    ingest: (a, s, batch, now, evaluation) => ingestBatch(pg, a, s, batch, now, evaluation),
    writeEvents: (a, s, events) => writeEventParts(pg, a, s, events),
    latestMinute: (a, s) => latestMinuteOf(pg, a, s),
    async latestTime(a, s, step) {
      const t = await latestMinuteOf(pg, a, s);
      return t === null ? null : Math.floor(t / step) * step;
    },
    serverMinuteSamples: (a, s, from, to) => serverMinuteSamples(pg, a, s, from, to),
    processMinuteSamples: (a, s, from, to) => processMinuteSamples(pg, a, s, from, to),
    latestOfServers: (a) => latestOfServers(pg, a),
    latestOfServersJson: (a, paging) => latestOfServersJson(pg, a, paging),
    serverSeriesJson: (a, s, plan, paging) => serverSeriesJson(pg, a, s, plan, paging),
    process: (a, s, pid, ct) => processOf(pg, a, s, pid, ct),
    processes: (a, s, range, paging) => processList(pg, a, s, range, paging),
    processSeries: (a, s, pid, ct, w, paging) => processSeries(pg, a, s, key(pid, ct), w, paging),
    processSummary: (a, s, w, paging) => processSummary(pg, a, s, w, paging),
    processSummaryJson: (a, s, w, paging) => processSummaryJson(pg, a, s, w, paging),
    processDetail: (a, s, pid, ct, time) => processDetail(pg, a, s, key(pid, ct), time),
    processDetailNear: (a, s, pid, ct, time, within) => processDetailNear(pg, a, s, key(pid, ct), time, within),
    enforceRetention: (now, keep, accounts) => enforceRetention(pg, now, keep, accounts),
  };
}

import type { Batch } from '../../../../shared/ingest';
import type { EvaluationPayloadOf, TelemetryRepo } from '../../repos/telemetry';
import type { Db } from '../db';
import { evalQueue } from '../eval-queue';
import { processDetail, processDetailNear, processList, processMinuteSamples, processOf, processSeries } from './process-reads';
import { processSummary, processSummaryJson } from './process-summary';
import { collectorConfigOf, lookupGuid, registerServer } from './registry';
import { enforceRetention } from './retention';
import { writeEventParts } from './event-write';
import { groupCommit } from './group-commit';
import { forgetKnownProcesses } from './sample-sink';
import { latestMinuteOf, latestOfServers, latestOfServersJson, serverMinuteSamples, serverSeriesJson } from './server-reads';
import { SINKS } from './sinks';
import { stmt } from './statements';

/** Runs one batch through dedupe, last_seen, every sink and the evaluation queue, in one transaction. */
export function ingestBatch(db: Db, accountId: number, serverId: number, batch: Batch, now: number, evaluation?: EvaluationPayloadOf): boolean {
  const run = db.transaction(() => {
    const seen = stmt(db, 'INSERT OR IGNORE INTO tm_batches (account_id, batch_id, received) VALUES (?, ?, ?)');
    if (seen.run(accountId, batch.batch_id, now).changes === 0) return false;
    stmt(db, 'UPDATE servers SET last_seen = max(coalesce(last_seen, 0), ?) WHERE account_id = ? AND id = ?').run(now, accountId, serverId);
    const ctx = { db, accountId, serverId, minute: batch.minute };
    for (const sink of SINKS) sink(ctx, batch);
    if (evaluation) evalQueue(db).add(accountId, serverId, batch.minute, batch.batch_id, evaluation, Date.now());
    return true;
  });
  try {
    return run.immediate();
  } catch (err) {
    forgetKnownProcesses(db, accountId, serverId);
    throw err;
  }
}

/** The SQLite telemetry repository (ingest, time series, processes, retention). */
export function sqliteTelemetry(db: Db): TelemetryRepo {
  const key = (pid: number, ct: number) => `${pid}_${ct}`;
  // Uploads that arrive together commit together (see group-commit.ts); each is answered after its commit.
  const group = groupCommit(db);
  return {
    async register(a, reg, ip, now, defaults) {
      return registerServer(db, a, reg, ip, now, defaults);
    },
    async byGuid(a, guid) {
      return lookupGuid(db, a, guid);
    },
    async collectorConfig(a, s) {
      return collectorConfigOf(db, a, s);
    },
    async ingest(a, s, batch, now, evaluation) {
      return group.run(
        () => ingestBatch(db, a, s, batch, now, evaluation),
        () => forgetKnownProcesses(db, a, s),
      );
    },
    async writeEvents(a, s, events) {
      writeEventParts(db, a, s, events);
    },
    async latestMinute(a, s) {
      return latestMinuteOf(db, a, s);
    },
    async latestTime(a, s, step) {
      const t = latestMinuteOf(db, a, s);
      return t === null ? null : Math.floor(t / step) * step;
    },
    async serverMinuteSamples(a, s, from, to) {
      return serverMinuteSamples(db, a, s, from, to);
    },
    async processMinuteSamples(a, s, from, to) {
      return processMinuteSamples(db, a, s, from, to);
    },
    async latestOfServers(a) {
      return latestOfServers(db, a);
    },
    async latestOfServersJson(a, paging) {
      return latestOfServersJson(db, a, paging);
    },
    async serverSeriesJson(a, s, plan, paging) {
      return serverSeriesJson(db, a, s, plan, paging);
    },
    async process(a, s, pid, ct) {
      return processOf(db, a, s, pid, ct);
    },
    async processes(a, s, range, paging) {
      return processList(db, a, s, range, paging);
    },
    async processSeries(a, s, pid, ct, w, paging) {
      return processSeries(db, a, s, key(pid, ct), w, paging);
    },
    async processSummary(a, s, w, paging) {
      return processSummary(db, a, s, w, paging);
    },
    async processSummaryJson(a, s, w, paging) {
      return processSummaryJson(db, a, s, w, paging);
    },
    async processDetail(a, s, pid, ct, time) {
      return processDetail(db, a, s, key(pid, ct), time);
    },
    async processDetailNear(a, s, pid, ct, time, within) {
      return processDetailNear(db, a, s, key(pid, ct), time, within);
    },
    async enforceRetention(now, keep, accounts) {
      return enforceRetention(db, now, keep, accounts);
    },
  };
}

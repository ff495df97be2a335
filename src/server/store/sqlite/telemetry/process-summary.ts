import type { Page, PagingQuery } from '../../../../shared/paging';
import type { ProcessSummaryRecord } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import { type Identity, minuteRow, rollupRow, type StepRow, summaryJson, summaryPage, summaryRecords } from '../../common/telemetry/summary-page';
import type { Db } from '../db';
import { processRollupRows } from './process-rollup-rows';
import { latestMinuteOf } from './server-reads';
import { stmt } from './statements';

/** Looks process identities up once per request. */
export function identityCache(db: Db, a: number, s: number): (key: string) => Identity | undefined {
  const cache = new Map<string, Identity | undefined>();
  const get = stmt<unknown[], Identity>(db, 'SELECT name, args FROM tm_processes WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ?');
  return (key) => {
    if (cache.has(key)) return cache.get(key);
    const i = key.indexOf('_');
    const r = get.get(a, s, Number(key.slice(0, i)), Number(key.slice(i + 1)));
    cache.set(key, r);
    return r;
  };
}

function stepRows(db: Db, a: number, s: number, w: SeriesWindow): StepRow[] {
  if (w.step !== 60) return processRollupRows(db, a, s, w.step, w.from, w.to, latestMinuteOf(db, a, s)).map(([t, r]) => rollupRow(t, r));
  return stmt<unknown[], [number, string]>(
    db,
    'SELECT time, data FROM tm_process_minutes WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ? ORDER BY time DESC',
  )
    .raw()
    .all(a, s, w.from, w.to)
    .map(([t, json]) => minuteRow(t, json));
}

/** Summary records of every process per step, newest step first, then by pid and create time. */
export function processSummary(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<ProcessSummaryRecord> {
  const { total, entries } = summaryPage(stepRows(db, a, s, w), paging, false);
  return { total, items: summaryRecords(s, entries, identityCache(db, a, s)) };
}

/** The same records as processSummary, as JSON texts built directly (no objects, no re-serialising). */
export function processSummaryJson(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<string> {
  const { total, entries } = summaryPage(stepRows(db, a, s, w), paging, true);
  return { total, items: summaryJson(s, entries, identityCache(db, a, s)) };
}

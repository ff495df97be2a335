import type { Page, PagingQuery } from '../../../../shared/paging';
import type { ProcessSummaryRecord } from '../../../../shared/telemetry';
import type { SeriesWindow } from '../../../../shared/timeseries';
import { type Identity, minuteRow, rollupRow, type StepRow, summaryJson, summaryPage, summaryRecords } from '../../common/telemetry/summary-page';
import type { Sql } from '../db';
import { processRollupRows } from './process-rollup-rows';
import { latestMinuteOf } from './server-reads';

/** The identities of the processes `keys` ("pid_ct") of a server, in one round trip. */
export async function identities(sql: Sql, a: number, s: number, keys: Iterable<string>): Promise<(key: string) => Identity | undefined> {
  const pids: number[] = [];
  const cts: number[] = [];
  for (const k of new Set(keys)) {
    const i = k.indexOf('_');
    pids.push(Number(k.slice(0, i)));
    cts.push(Number(k.slice(i + 1)));
  }
  const found = new Map<string, Identity>();
  if (pids.length > 0) {
    const rows = await sql.rows<Identity & { pid: number; create_time: number }>(
      `SELECT p.pid, p.create_time, p.name, p.args FROM unnest($3::bigint[], $4::bigint[]) AS u(pid, ct)
       JOIN tm_processes p ON p.account_id = $1 AND p.server_id = $2 AND p.pid = u.pid AND p.create_time = u.ct`,
      [a, s, pids, cts],
    );
    for (const r of rows) found.set(`${r.pid}_${r.create_time}`, { name: r.name, args: r.args });
  }
  return (key) => found.get(key);
}

async function stepRows(sql: Sql, a: number, s: number, w: SeriesWindow): Promise<StepRow[]> {
  if (w.step !== 60) {
    const rows = await processRollupRows(sql, a, s, w.step, w.from, w.to, await latestMinuteOf(sql, a, s));
    return rows.map(([t, r]) => rollupRow(t, r));
  }
  const rows = await sql.rows<{ time: number; data: string }>(
    'SELECT time, data::text AS data FROM tm_process_minutes WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4 ORDER BY time DESC',
    [a, s, w.from, w.to],
  );
  return rows.map((r) => minuteRow(r.time, r.data));
}

/** Summary records of every process per step, newest step first, then by pid and create time. */
export async function processSummary(sql: Sql, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Promise<Page<ProcessSummaryRecord>> {
  const { total, entries } = summaryPage(await stepRows(sql, a, s, w), paging, false);
  return { total, items: summaryRecords(s, entries, await identities(sql, a, s, entries.map((e) => e.key))) };
}

/** The same records as JSON texts built directly (no objects, no re-serialising). */
export async function processSummaryJson(sql: Sql, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Promise<Page<string>> {
  const { total, entries } = summaryPage(await stepRows(sql, a, s, w), paging, true);
  return { total, items: summaryJson(s, entries, await identities(sql, a, s, entries.map((e) => e.key))) };
}

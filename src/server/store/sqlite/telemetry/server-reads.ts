import type { ServerSample } from '../../../../shared/ingest';
import type { PagingQuery } from '../../../../shared/paging';
import { applyWindow, type WindowPlan } from '../../../../shared/timeseries';
import type { JsonPage } from '../../repos/telemetry';
import type { Db } from '../db';
import { stmt } from './statements';

/** The table and extra condition holding a series of the given step. */
export function seriesSource(table: 'server' | 'process', step: number): { sql: string; args: number[] } {
  if (step === 60) return { sql: `tm_${table}_minutes WHERE account_id = ? AND server_id = ?`, args: [] };
  return { sql: `tm_${table}_rollups WHERE account_id = ? AND server_id = ? AND step = ?`, args: [step] };
}

/** The time of the server's latest minute, or null. */
export function latestMinuteOf(db: Db, a: number, s: number): number | null {
  const row = stmt<unknown[], { time: number }>(db, 'SELECT time FROM tm_server_latest WHERE account_id = ? AND server_id = ?').get(a, s);
  return row?.time ?? null;
}

// A stored record is a JSON object text; its members follow the ones a query puts first ("{}" has none).
const MEMBERS = `CASE WHEN data = '{}' THEN '}' ELSE ',' || substr(data, 2) END`;

/**
 * The items of a page joined in SQLite and read as one BLOB: a 24-hour series is 1,440 records of about
 * 400 bytes, and one buffer costs a quarter of decoding each record into a JS string, joining them and
 * encoding the answer back to UTF-8. The aggregate takes the rows in the order the LIMITed subquery
 * yields them (an index scan in `order`); an ORDER BY inside group_concat would sort them again and cost
 * half the query. The route tests check the order of every series and page.
 */
function joined(db: Db, q: { item: string; from: string; order: string }, args: unknown[]): Buffer {
  const json = stmt<unknown[], Buffer | null>(
    db,
    `SELECT CAST(group_concat(item, ',') AS BLOB) FROM (SELECT ${q.item} AS item FROM ${q.from} ORDER BY ${q.order} LIMIT ? OFFSET ?)`,
  )
    .pluck()
    .get(...args);
  return json ?? Buffer.alloc(0);
}

/**
 * GET /servers/{id}/data/: null when the account has no such live server; else the records of the
 * planned window (id and time first), newest first.
 */
export function serverSeriesJson(db: Db, a: number, s: number, plan: WindowPlan, paging: PagingQuery): JsonPage | null {
  if (!stmt(db, 'SELECT 1 FROM servers WHERE account_id = ? AND id = ? AND deleted_at IS NULL').get(a, s)) return null;
  const w = applyWindow(plan, latestMinuteOf(db, a, s));
  if (!w) return { total: 0, json: Buffer.alloc(0) };
  const src = seriesSource('server', w.step);
  const where = `${src.sql} AND time BETWEEN ? AND ?`;
  const args = [a, s, ...src.args, w.from, w.to];
  const total = stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${where}`).get(...args)!.n;
  const item = `'{"id":' || server_id || ',"time":' || time || ${MEMBERS}`;
  return { total, json: joined(db, { item, from: where, order: 'time DESC' }, [...args, paging.limit, paging.page * paging.limit]) };
}

/** Server samples by their own minute, oldest first. */
export function serverMinuteSamples(db: Db, a: number, s: number, from: number, to: number): { time: number; sample: ServerSample }[] {
  return stmt<unknown[], { time: number; data: string }>(
    db,
    'SELECT time, data FROM tm_server_minutes WHERE account_id = ? AND server_id = ? AND time BETWEEN ? AND ? ORDER BY time',
  )
    .all(a, s, from, to)
    .map((r) => ({ time: r.time, sample: JSON.parse(r.data) as ServerSample }));
}

/** The latest record of every live server of the account, as JSON with server_id, id and time, by server id. */
export function latestOfServersJson(db: Db, a: number, paging: PagingQuery): JsonPage {
  const from = `tm_server_latest l JOIN servers v ON v.id = l.server_id AND v.account_id = l.account_id
    WHERE l.account_id = ? AND v.deleted_at IS NULL`;
  const total = stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${from}`).get(a)!.n;
  const item = `'{"server_id":' || l.server_id || ',"id":' || l.server_id || ',"time":' || l.time || ${MEMBERS.replaceAll('data', 'l.data')}`;
  return { total, json: joined(db, { item, from, order: 'server_id' }, [a, paging.limit, paging.page * paging.limit]) };
}

export function latestOfServers(db: Db, a: number): { serverId: number; time: number; sample: ServerSample }[] {
  return stmt<unknown[], { server_id: number; time: number; data: string }>(
    db,
    `SELECT l.server_id, l.time, l.data FROM tm_server_latest l JOIN servers v ON v.id = l.server_id AND v.account_id = l.account_id
     WHERE l.account_id = ? AND v.deleted_at IS NULL ORDER BY l.server_id`,
  )
    .all(a)
    .map((r) => ({ serverId: r.server_id, time: r.time, sample: JSON.parse(r.data) as ServerSample }));
}

import type { ServerSample } from '../../../../shared/ingest';
import type { Page, PagingQuery } from '../../../../shared/paging';
import type { SeriesWindow } from '../../../../shared/timeseries';
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

/** Server data records of the window as JSON texts (id and time first), newest first. */
export function serverSeriesJson(db: Db, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Page<string> {
  const src = seriesSource('server', w.step);
  const total = stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${src.sql} AND time BETWEEN ? AND ?`).get(
    a,
    s,
    ...src.args,
    w.from,
    w.to,
  )!.n;
  const rows = stmt<unknown[], [number, string]>(
    db,
    `SELECT time, data FROM ${src.sql} AND time BETWEEN ? AND ? ORDER BY time DESC LIMIT ? OFFSET ?`,
  )
    .raw()
    .all(a, s, ...src.args, w.from, w.to, paging.limit, paging.page * paging.limit);
  const head = `{"id":${s},"time":`;
  return { total, items: rows.map(([t, d]) => `${head}${t},${d.slice(1)}`) };
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

/** The latest record of every live server of the account, as JSON texts with server_id, id and time. */
export function latestOfServersJson(db: Db, a: number, paging: PagingQuery): Page<string> {
  const from = `FROM tm_server_latest l JOIN servers v ON v.id = l.server_id AND v.account_id = l.account_id
    WHERE l.account_id = ? AND v.deleted_at IS NULL`;
  const total = stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n ${from}`).get(a)!.n;
  const rows = stmt<unknown[], [number, number, string]>(db, `SELECT l.server_id, l.time, l.data ${from} ORDER BY l.server_id LIMIT ? OFFSET ?`)
    .raw()
    .all(a, paging.limit, paging.page * paging.limit);
  return { total, items: rows.map(([id, t, d]) => `{"server_id":${id},"id":${id},"time":${t},${d.slice(1)}`) };
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

import type { ServerSample } from '../../../../shared/ingest';
import type { PagingQuery } from '../../../../shared/paging';
import type { SeriesWindow } from '../../../../shared/timeseries';
import type { JsonPage } from '../../repos/telemetry';
import type { Sql } from '../db';

/** The table holding a server or process series of the given step (60, 3600, 86400). */
export function seriesTable(table: 'server' | 'process', step: number): string {
  if (step === 60) return `tm_${table}_minutes`;
  return `tm_${table}_rollups_${step === 3600 ? 'hour' : 'day'}`;
}

/** The time of the server's latest minute, or null. */
export async function latestMinuteOf(sql: Sql, a: number, s: number): Promise<number | null> {
  const row = await sql.row<{ time: number }>('SELECT time FROM tm_server_latest WHERE account_id = $1 AND server_id = $2', [a, s]);
  return row?.time ?? null;
}

// A stored record is a JSON object text; its members follow the ones a query puts first ("{}" has none).
const members = (data: string) => `CASE WHEN ${data} = '{}' THEN '}' ELSE ',' || substr(${data}, 2) END`;

/**
 * The window's total and one page of items joined in PostgreSQL, in one round trip: the answer is the
 * stored JSON texts, never parsed and printed again (SQLite: sqlite/telemetry/server-reads.ts).
 */
async function joined(sql: Sql, q: { item: string; from: string; key: string; desc: boolean }, args: unknown[], paging: PagingQuery): Promise<JsonPage> {
  const n = args.length;
  const dir = q.desc ? 'DESC' : 'ASC';
  const row = await sql.row<{ total: number; json: string | null }>(
    `SELECT (SELECT count(*) FROM ${q.from}) AS total,
       (SELECT string_agg(item, ',' ORDER BY k ${dir}) FROM (SELECT ${q.item} AS item, ${q.key} AS k FROM ${q.from} ORDER BY ${q.key} ${dir} LIMIT $${n + 1} OFFSET $${n + 2}) p) AS json`,
    [...args, paging.limit, paging.page * paging.limit],
  );
  return { total: row!.total, json: Buffer.from(row!.json ?? '', 'utf8') };
}

/** Server data records of the window as JSON (id and time first), newest first. */
export function serverSeriesJson(sql: Sql, a: number, s: number, w: SeriesWindow, paging: PagingQuery): Promise<JsonPage> {
  const from = `${seriesTable('server', w.step)} WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4`;
  const item = `'{"id":' || server_id || ',"time":' || time || ${members('data')}`;
  return joined(sql, { item, from, key: 'time', desc: true }, [a, s, w.from, w.to], paging);
}

/** Server samples by their own minute, oldest first. */
export async function serverMinuteSamples(sql: Sql, a: number, s: number, from: number, to: number): Promise<{ time: number; sample: ServerSample }[]> {
  const rows = await sql.rows<{ time: number; data: string }>(
    'SELECT time, data FROM tm_server_minutes WHERE account_id = $1 AND server_id = $2 AND time BETWEEN $3 AND $4 ORDER BY time',
    [a, s, from, to],
  );
  return rows.map((r) => ({ time: r.time, sample: JSON.parse(r.data) as ServerSample }));
}

const LATEST = `tm_server_latest l JOIN servers v ON v.id = l.server_id AND v.account_id = l.account_id
  WHERE l.account_id = $1 AND v.deleted_at IS NULL`;

/** The latest record of every live server of the account, as JSON with server_id, id and time, by server id. */
export function latestOfServersJson(sql: Sql, a: number, paging: PagingQuery): Promise<JsonPage> {
  const item = `'{"server_id":' || l.server_id || ',"id":' || l.server_id || ',"time":' || l.time || ${members('l.data')}`;
  return joined(sql, { item, from: LATEST, key: 'l.server_id', desc: false }, [a], paging);
}

export async function latestOfServers(sql: Sql, a: number): Promise<{ serverId: number; time: number; sample: ServerSample }[]> {
  const rows = await sql.rows<{ server_id: number; time: number; data: string }>(`SELECT l.server_id, l.time, l.data FROM ${LATEST} ORDER BY l.server_id`, [a]);
  return rows.map((r) => ({ serverId: r.server_id, time: r.time, sample: JSON.parse(r.data) as ServerSample }));
}

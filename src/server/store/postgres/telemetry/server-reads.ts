import type { ServerSample } from '../../../../shared/ingest';
import type { PagingQuery } from '../../../../shared/paging';
import type { WindowPlan } from '../../../../shared/timeseries';
import type { JsonPage } from '../../repos/telemetry';
import { named, type Sql } from '../db';

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
// right(data, -1) drops the "{" by looking at the first character only; substr(data, 2) counts every
// character of the UTF-8 text first, which cost half of a 24-hour read.
const members = (data: string) => `CASE WHEN ${data} = '{}' THEN '}' ELSE ',' || right(${data}, -1) END`;

/**
 * A window's total and one page of items joined in PostgreSQL, after the common table expressions
 * `ctes` (each followed by a comma) and with the `extra` columns first: the answer is the stored JSON
 * texts, never parsed and printed again (SQLite: sqlite/telemetry/server-reads.ts). The aggregate takes
 * the rows in the order the LIMITed subquery yields them (an index scan in key order): an ORDER BY
 * inside string_agg would sort them a second time. The route tests check every order. A page that is
 * not full ends the window, so its rows give the total; the window is counted only otherwise (the
 * subquery in the CASE runs only when reached). `n` is the number of parameters before LIMIT and OFFSET.
 */
function pageQuery(q: { item: string; from: string; key: string; desc: boolean }, n: number, head = { ctes: '', extra: '' }): string {
  const [limit, offset] = [`$${n + 1}`, `$${n + 2}`];
  return `WITH ${head.ctes} page AS (SELECT string_agg(item, ',') AS json, count(*) AS n FROM (SELECT ${q.item} AS item FROM ${q.from}
      ORDER BY ${q.key} ${q.desc ? 'DESC' : 'ASC'} LIMIT ${limit} OFFSET ${offset}) p)
    SELECT ${head.extra} page.json,
      CASE WHEN page.n < ${limit} AND (page.n > 0 OR ${offset} = 0) THEN ${offset} + page.n ELSE (SELECT count(*) FROM ${q.from}) END AS total
    FROM page`;
}

const pageArgs = (paging: PagingQuery) => [paging.limit, paging.page * paging.limit];
const toPage = (row: { total: number; json: string | null }): JsonPage => ({ total: row.total, json: Buffer.from(row.json ?? '', 'utf8') });

// GET /servers/{id}/data/ in one round trip per step: whether the server is live, its latest point
// (floored to the step) when the plan's end is it, the window from the plan, then total and page. The
// window's ends come from subqueries, so partitions are pruned when the query runs, not when planned.
const seriesStatements = new Map(
  [60, 3600, 86400].map((step) => {
    const from = `${seriesTable('server', step)} WHERE account_id = $1 AND server_id = $2
      AND time BETWEEN (SELECT lo FROM win) AND (SELECT hi FROM win)`;
    const item = `'{"id":' || server_id || ',"time":' || time || ${members('data')}`;
    const ctes = `live AS (SELECT FROM servers WHERE account_id = $1 AND id = $2 AND deleted_at IS NULL),
      top AS (SELECT COALESCE($3::bigint, (SELECT time / ${step} * ${step} FROM tm_server_latest
        WHERE account_id = $1 AND server_id = $2)) AS hi FROM live),
      win AS (SELECT GREATEST(hi - $4::bigint, $5::bigint) AS lo, hi FROM top),`;
    const text = pageQuery({ item, from, key: 'time', desc: true }, 5, { ctes, extra: 'EXISTS (SELECT FROM live) AS found,' });
    return [step, named(text)] as const;
  }),
);

/** GET /servers/{id}/data/: null when no such live server; else the planned window's records (id and time first), newest first. */
export async function serverSeriesJson(sql: Sql, a: number, s: number, plan: WindowPlan, paging: PagingQuery): Promise<JsonPage | null> {
  const statement = seriesStatements.get(plan.step)!;
  const row = await sql.row<{ found: boolean; total: number; json: string | null }>(statement, [a, s, plan.to, plan.back, plan.min, ...pageArgs(paging)]);
  return row!.found ? toPage(row!) : null;
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

const LATEST_PAGE = named(
  pageQuery(
    {
      item: `'{"server_id":' || l.server_id || ',"id":' || l.server_id || ',"time":' || l.time || ${members('l.data')}`,
      from: LATEST,
      key: 'l.server_id',
      desc: false,
    },
    1,
  ),
);

/** The latest record of every live server of the account, as JSON with server_id, id and time, by server id. */
export async function latestOfServersJson(sql: Sql, a: number, paging: PagingQuery): Promise<JsonPage> {
  return toPage((await sql.row<{ total: number; json: string | null }>(LATEST_PAGE, [a, ...pageArgs(paging)]))!);
}

export async function latestOfServers(sql: Sql, a: number): Promise<{ serverId: number; time: number; sample: ServerSample }[]> {
  const rows = await sql.rows<{ server_id: number; time: number; data: string }>(`SELECT l.server_id, l.time, l.data FROM ${LATEST} ORDER BY l.server_id`, [a]);
  return rows.map((r) => ({ serverId: r.server_id, time: r.time, sample: JSON.parse(r.data) as ServerSample }));
}

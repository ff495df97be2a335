import type { PagingQuery } from '../../../shared/paging';
import { likeContains, safeIds } from '../common/util';
import type { Sql } from './db';

/**
 * Of `ids`, those with no row in `table` for the account (an optional extra condition applies), each
 * once, in numeric order. Ids beyond bigint's exact range cannot name a row: missing without asking.
 */
export async function missingIds(sql: Sql, table: string, accountId: number, ids: number[], extra = ''): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await sql.rows<{ id: number }>(
    `SELECT id FROM ${table} WHERE account_id = $1 AND id = ANY($2::bigint[]) ${extra}`,
    [accountId, safeIds(ids)],
  );
  const present = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !present.has(id)).sort((a, b) => a - b);
}

/** An aggregated id list (int8[] arrives as text items) as numbers; null (no rows) is empty. */
export const idList = (a: (string | number)[] | null): number[] => (a ? a.map(Number) : []);

/** PostgreSQL's unique_violation: the write conflicts with an existing key. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/**
 * A page of an account's named items (`select` reads table alias t): `filter` is a case-insensitive
 * substring of the name (SQLite's LIKE ignores case too), in id order.
 */
export async function namedPage<R>(sql: Sql, table: string, select: string, accountId: number, filter: string | undefined, paging: PagingQuery): Promise<{ total: number; rows: R[] }> {
  const where = filter ? `t.account_id = $1 AND t.name ILIKE $2 ESCAPE '\\'` : 't.account_id = $1';
  const args: (number | string)[] = filter ? [accountId, likeContains(filter)] : [accountId];
  const total = (await sql.row<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} t WHERE ${where}`, args))!.n;
  const rows = await sql.rows<R>(`${select} WHERE ${where} ORDER BY t.id LIMIT $${args.length + 1} OFFSET $${args.length + 2}`, [
    ...args,
    paging.limit,
    paging.page * paging.limit,
  ]);
  return { total, rows };
}

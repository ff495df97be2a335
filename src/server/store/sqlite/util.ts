import type { PagingQuery } from '../../../shared/paging';
import { likeContains } from '../common/util';
import type { Db } from './db';

/** Of `ids`, those with no row in `table` for the account (an optional extra condition applies). */
export function missingIds(db: Db, table: string, accountId: number, ids: number[], extra = ''): number[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare<[string, number], { value: number }>(
      `SELECT DISTINCT value FROM json_each(?) WHERE value NOT IN
         (SELECT id FROM ${table} WHERE account_id = ? ${extra}) ORDER BY value`,
    )
    .all(JSON.stringify(ids), accountId);
  return rows.map((r) => r.value);
}

/** A comma list of ids from group_concat (PostgreSQL's twin: idList over an int8[]); null (no rows) is empty. */
export const commaIds = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

/**
 * A page of an account's named items (`select` reads table alias t): `filter` is a case-insensitive
 * substring of the name (LIKE ignores case, as ILIKE does in postgres/util.ts), in id order.
 */
export function namedPage<R>(db: Db, table: string, select: string, accountId: number, filter: string | undefined, paging: PagingQuery): { total: number; rows: R[] } {
  const where = filter ? `t.account_id = ? AND t.name LIKE ? ESCAPE '\\'` : 't.account_id = ?';
  const args: (number | string)[] = filter ? [accountId, likeContains(filter)] : [accountId];
  const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} t WHERE ${where}`).get(...args)!.n;
  const rows = db.prepare<unknown[], R>(`${select} WHERE ${where} ORDER BY t.id LIMIT ? OFFSET ?`).all(...args, paging.limit, paging.page * paging.limit);
  return { total, rows };
}

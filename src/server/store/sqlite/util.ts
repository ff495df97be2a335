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

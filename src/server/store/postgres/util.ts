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

/** The ids that can be a bigint key (others match no row); SQLite compares any number. */
export const safeIds = (ids: number[]): number[] => ids.filter((id) => Number.isSafeInteger(id));

/** An aggregated id list (int8[] arrives as text items) as numbers; null (no rows) is empty. */
export const idList = (a: (string | number)[] | null): number[] => (a ? a.map(Number) : []);

/** PostgreSQL's unique_violation: the write conflicts with an existing key. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

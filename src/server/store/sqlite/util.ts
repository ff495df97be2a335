import type { Db } from './db';

/** Escapes a user's text for a LIKE pattern (with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses a JSON column, falling back when the text is damaged rather than failing a request. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

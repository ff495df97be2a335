// Helpers both stores share; no statement runs here.

/** Escapes a user's text for a LIKE pattern (with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The present in epoch seconds. */
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

/** The ids that can be a stored key (a bigint on PostgreSQL, an exact integer on SQLite); others name no row. */
export const safeIds = (ids: number[]): number[] => ids.filter((id) => Number.isSafeInteger(id));

/** The minute (epoch seconds, multiple of 60) a time falls in. */
export const minuteOf = (time: number): number => Math.floor(time / 60) * 60;

/**
 * The total of a paged list from its page when the page tells it: the page was read with one row more
 * than `limit` (`rows`), so fewer rows than that means nothing follows and the total is the offset plus
 * the rows; a page past the end or a full one needs `count()`. Trims the extra row off `rows`.
 * A dashboard's lists mostly fit one page, so their COUNT statement seldom runs. A synchronous count
 * (SQLite) answers synchronously, an asynchronous one (PostgreSQL) a promise or the number.
 */
export function pageTotal<T, C extends number | Promise<number>>(rows: T[], paging: { page: number; limit: number }, count: () => C): C | number {
  if (rows.length > paging.limit) {
    rows.length = paging.limit;
    return count();
  }
  if (rows.length === 0 && paging.page > 0) return count();
  return paging.page * paging.limit + rows.length;
}

/**
 * Bounds compared with bigint columns. SQLite compares any number with an integer column; PostgreSQL
 * refuses a fractional or out-of-range bigint parameter, so bounds become the integers that select
 * the same rows: the least integer at or above a lower bound, the greatest at or below an upper one,
 * clamped to the exactly representable range (no stored time or id lies beyond it).
 */
const clamp = (n: number) => Math.min(Math.max(n, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);

/** For `column >= n`. */
export const atLeast = (n: number): number => clamp(Math.ceil(n));
/** For `column <= n`. */
export const atMost = (n: number): number => clamp(Math.floor(n));
/** A window of minutes `from`..`to` (inclusive) as bigint bounds. */
export const minuteRange = (from: number, to: number): [number, number] => [atLeast(from), atMost(to)];

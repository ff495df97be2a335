/**
 * The rows whose searchable text (any column's `text`) contains `q`, ignoring case; every row when
 * `q` is blank. Columns without `text` are not searched.
 */
export function filterRows<T, C>(rows: readonly T[], columns: readonly { text?: (row: T, ctx: C) => string }[], q: string, ctx: C): T[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => columns.some((c) => c.text?.(r, ctx).toLowerCase().includes(needle)));
}

/**
 * CSV of records (RFC 4180): one header row, CRLF line ends, a field quoted when it holds a comma, a
 * quote, CR or LF (quotes doubled). Used by the service's `format=csv` answers and by the dashboard's
 * chart downloads, so both write the same dialect.
 *
 * Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some also
 * after a tab or CR) as a formula, and log messages, process arguments or bucket names are text any
 * collector can send. Such a text cell is written with a leading `'`, which spreadsheets show as text
 * and which a reader can strip. Numbers are written as numbers and never prefixed, so `-3.5` stays a
 * value: the guard is for text only.
 */

/** A cell value: text, a number, a boolean, or nothing (an empty cell). */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as RFC 4180 text, text guarded against formula injection. */
export function csvField(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const text = FORMULA_START.test(v) ? `'${v}` : v;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and one row per record, each line ended by CRLF. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const r of rows) lines.push(columns.map((_, i) => csvField(r[i])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Flattens a record to cells: a nested object becomes one column per key (`disk_percent_part./var`),
 * a list or a deeper object its JSON text. Keys keep their first-seen order.
 */
export function flattenRecord(rec: Record<string, unknown>, prefix = '', out: Map<string, CsvCell> = new Map()): Map<string, CsvCell> {
  for (const [k, v] of Object.entries(rec)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !prefix) flattenRecord(v as Record<string, unknown>, key, out);
    else if (v !== null && typeof v === 'object') out.set(key, JSON.stringify(v));
    else out.set(key, v as CsvCell);
  }
  return out;
}

/**
 * CSV of records of varying fields: `leading` columns first (always present, so an empty answer still
 * has its header), then every other flattened key in the order first seen.
 */
export function recordsToCsv(records: readonly Record<string, unknown>[], leading: readonly string[] = []): string {
  const flat = records.map((r) => flattenRecord(r));
  const columns = [...leading];
  const seen = new Set(columns);
  for (const f of flat) {
    for (const k of f.keys()) {
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push(k);
    }
  }
  return toCsv(columns, flat.map((f) => columns.map((c) => f.get(c))));
}

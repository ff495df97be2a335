// Shared by both stores (SQLite: sqlite/log-data.ts, PostgreSQL: postgres/log-data.ts); no statement runs here.
import { SCAN_BYTES, SCAN_MAX, type RowRange, type Severity } from '../repos/log-data';

/** Severity codes as stored (an index into this list), on both stores. */
export const SEVERITIES: Severity[] = ['info', 'warning', 'critical'];
/** Severity as stored: an index into SEVERITIES. */
export const SEVERITY_CODE = { info: 0, warning: 1, critical: 2 } as const;
/** Every row of a window, up to SCAN_MAX. */
export const all = (): RowRange => ({ offset: 0, limit: SCAN_MAX });

/** Rows of an iterator until SCAN_BYTES of text (JavaScript string length) have been read; both stores. */
export function bounded<T>(rows: IterableIterator<T>, size: (row: T) => number): T[] {
  const out: T[] = [];
  let bytes = 0;
  for (const r of rows) {
    bytes += size(r);
    if (bytes > SCAN_BYTES) break;
    out.push(r);
  }
  return out;
}

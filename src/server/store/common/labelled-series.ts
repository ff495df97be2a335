import type { SeriesMinute, SeriesRecord } from '../repos/labelled-series';

/** A stored series row as both backends read it (labels: JSON text on SQLite, jsonb on PostgreSQL). */
export interface SeriesRow {
  id: number;
  name: string;
  labels: string | Record<string, string>;
  create_time: number;
  last_updated: number;
}

export const SERIES_COLUMNS = 'id, name, labels, create_time, last_updated';

export const toSeriesRecord = (r: SeriesRow): SeriesRecord => ({
  ...r,
  labels: typeof r.labels === 'string' ? (JSON.parse(r.labels) as Record<string, string>) : r.labels,
});

/** NaN is stored as NULL in `last` (SQLite has no NaN) and read back as NaN. */
export const storedLast = (v: number): number | null => (Number.isNaN(v) ? null : v);
export const readLast = (v: number | null): number => (v === null ? NaN : v);

/** Two folds of one series' minute as one (as the stores' upserts fold a minute into the stored one). */
export function mergeMinutes(a: SeriesMinute, b: SeriesMinute): SeriesMinute {
  const least = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.min(x, y));
  const most = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y));
  const later = b.lastMs >= a.lastMs ? b : a;
  return { minute: a.minute, count: a.count + b.count, sum: a.sum + b.sum, min: least(a.min, b.min), max: most(a.max, b.max), last: later.last, lastMs: later.lastMs };
}

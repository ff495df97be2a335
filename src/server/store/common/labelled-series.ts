import type { SeriesRecord } from '../repos/labelled-series';

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

/** NaN was stored as NULL in series_minutes' `last` (SQLite has no NaN) and is read back as NaN. */
export const readLast = (v: number | null): number => (v === null ? NaN : v);

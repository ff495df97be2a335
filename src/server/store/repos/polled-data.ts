import type { Page, PagingQuery } from '../../../shared/paging';
import type { SeriesWindow } from '../../../shared/timeseries';

/** A polled data item as stored, with the ids of its alerts. */
export interface PolledItemRecord {
  id: number;
  name: string;
  server_id: number;
  server_hostname: string;
  command_name: string;
  command_line: string;
  alert_id: number[];
}

export type PolledLimits = { warn?: number; crit?: number; min?: number; max?: number };
/** One stored value: [name, value, unit, thresholds or null]. */
export type PolledValueRow = [string, number, string, PolledLimits | null];

/** One minute's result of a polled check. */
export interface PolledMinuteRow {
  time: number;
  status: 'OK' | 'WARNING' | 'CRITICAL' | 'UNKNOWN';
  text: string;
  values: PolledValueRow[];
}

/** Polled data items (created by ingest) and their per-minute results, newest first. */
export interface PolledDataRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<PolledItemRecord>>;
  get(accountId: number, id: number): Promise<PolledItemRecord | null>;
  latestMinute(accountId: number, id: number): Promise<number | null>;
  data(accountId: number, id: number, window: SeriesWindow, paging: PagingQuery): Promise<Page<PolledMinuteRow>>;
}

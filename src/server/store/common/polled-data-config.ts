// Shared by both stores (SQLite: sqlite/polled-data-config.ts, PostgreSQL: postgres/polled-data-config.ts); no statement runs here.
import type { PolledDataConfigRecord } from '../repos/polled-data-config';

/** A polled_data_configs row (the same columns on both stores). */
export interface PolledConfigRow {
  server_id: number;
  file_path: string;
  file_type: string;
  file_contents: string;
  frequency: number;
  updated: number;
}

/** The record of a row, for both stores. */
export const toPolledConfigRecord = (r: PolledConfigRow): PolledDataConfigRecord => ({
  serverId: r.server_id,
  filePath: r.file_path,
  fileType: r.file_type,
  fileContents: r.file_contents,
  frequency: r.frequency,
  updated: r.updated,
});

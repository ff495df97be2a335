// Shared by both stores (SQLite: sqlite/logs.ts, PostgreSQL: postgres/logs.ts); no statement runs here.
import type { AnyLogType } from '../../../shared/logs';
import type { LogRecord } from '../repos/logs';

/** A logs row as read (the same on both stores). */
export interface LogRow {
  id: number;
  server_id: number;
  source_type: string;
  source: string;
  limit: number;
}

/** The logs columns of a LogRow, for both stores. */
export const LOG_COLUMNS = 'l.id, l.server_id, l.source_type, l.source, l."limit" AS "limit"';
/** Logs of a deleted server disappear with it from every answer. */
export const LIVE_LOGS = 'JOIN servers s ON s.id = l.server_id AND s.account_id = l.account_id AND s.deleted_at IS NULL';

export const toLogRecord = (r: LogRow): LogRecord => ({ ...r, source_type: r.source_type as AnyLogType });

import type { Page } from '../../../shared/paging';
import type { SeriesWindow } from '../../../shared/timeseries';

/** The identity of a log, for the data endpoints (logs CRUD lives in the logs repo). */
export interface LogRef {
  id: number;
  serverId: number;
  sourceType: string;
  source: string;
}

export type Severity = 'info' | 'warning' | 'critical';

export interface LogSummaryRow {
  time: number;
  info: number;
  warning: number;
  critical: number;
}

export interface LogMessageRow {
  time: number;
  severity: Severity;
  data: string;
}

/** A stored AFURL/AFSQL message. `time` is fractional epoch seconds. */
export interface TransactionMessageRow {
  id: number;
  serverId: number;
  logId: number;
  time: number;
  logType: 'url' | 'sql';
  event: string;
  version: number;
  application: string;
  pid: number;
  ppid: number;
  socket: number;
  ownIp: string;
  ownPort: number;
  peerIp: string;
  peerPort: number;
  statement: string;
  duration: number;
}

/** Rows to skip and take; without it every row of the window comes back (up to SCAN_MAX). */
export interface RowRange {
  offset: number;
  limit: number;
}

/**
 * The most rows, and message bytes, a filtered read scans: a window holding more is answered from
 * its newest rows, so one request's memory stays bounded whatever the window.
 */
export const SCAN_MAX = 100_000;
export const SCAN_BYTES = 64 * 1024 * 1024;

/**
 * A search across the account's logs (issue 17). `from`..`to` are epoch seconds, both inclusive, on
 * the message time; the caller bounds the window. Absent narrowings (undefined) mean every log;
 * an empty `serverIds` means none. `text` is matched as a case-insensitive substring.
 */
export interface LogSearchPlan {
  from: number;
  to: number;
  text?: string;
  severity?: Severity;
  serverIds?: readonly number[];
  sourceTypes?: readonly string[];
}

/** A message found by a search, with its log and server. */
export interface LogSearchRow {
  time: number;
  severity: Severity;
  data: string;
  logId: number;
  sourceType: string;
  source: string;
  serverId: number;
  hostname: string;
  nickname: string;
}

/** Log summaries and messages, newest first; windows are minute times, both ends inclusive. */
export interface LogDataRepo {
  log(accountId: number, logId: number): Promise<LogRef | null>;
  /** The latest minute holding messages of the log, or null. */
  latestMinute(accountId: number, logId: number): Promise<number | null>;
  summary(accountId: number, logId: number, window: SeriesWindow, range: RowRange): Promise<Page<LogSummaryRow>>;
  messages(
    accountId: number,
    logId: number,
    window: SeriesWindow,
    opts: { severity?: Severity; range?: RowRange },
  ): Promise<Page<LogMessageRow>>;
  transactionMessages(accountId: number, logId: number, window: SeriesWindow, range?: RowRange): Promise<Page<TransactionMessageRow>>;
  /** Messages of the account's live servers' EVENTLOG, SYSLOG and FILE logs, newest first. */
  search(accountId: number, plan: LogSearchPlan, range: RowRange): Promise<Page<LogSearchRow>>;
}

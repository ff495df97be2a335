import type { AnyLogType } from '../../../shared/logs';
import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored log source (spec: Log); transaction logs (AFSQL, AFURL) share the table. */
export interface LogRecord {
  id: number;
  server_id: number;
  source_type: AnyLogType;
  source: string;
  limit: number;
}

export interface LogFields {
  serverId: number;
  sourceType: AnyLogType;
  source: string;
  limit: number;
}

export type LogUpdateResult =
  | { status: 'updated'; record: LogRecord }
  | { status: 'missing' }
  /** Another log of the account already has this server, type and source. */
  | { status: 'duplicate'; id: number };

export interface LogRepo {
  /** Logs of live servers, in id order; `types` restricts the source types, `serverId` the server. */
  list(accountId: number, filter: { types?: readonly AnyLogType[]; serverId?: number }, paging: PagingQuery): Promise<Page<LogRecord>>;
  get(accountId: number, id: number): Promise<LogRecord | null>;
  /** Creates the log, or returns the existing one with the same server, type and source. */
  create(accountId: number, input: LogFields): Promise<{ record: LogRecord; created: boolean }>;
  update(accountId: number, id: number, input: LogFields): Promise<LogUpdateResult>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Every log of one server (the collector's configuration). */
  forServer(accountId: number, serverId: number): Promise<LogRecord[]>;
}

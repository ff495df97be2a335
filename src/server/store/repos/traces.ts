import type { TransactionMessageRow } from './log-data';

/**
 * One side of a network transaction, from a transaction message (exact start and duration) or a
 * socket connection of a minute (start = the minute, duration = its average response time).
 * AFURL messages are logged by the process serving the request, AFSQL messages by the process
 * issuing the statement, so their own socket is the server and the client side respectively.
 */
export interface Hop {
  kind: 'message' | 'connection';
  id: number;
  serverId: number;
  pid: number;
  /** Known for connections; null for messages (the message carries the pid only). */
  createTime: number | null;
  role: 'client' | 'server';
  localIp: string;
  localPort: number;
  peerIp: string;
  peerPort: number;
  /** Fractional epoch seconds. */
  start: number;
  /** Seconds. */
  duration: number;
  open: boolean;
  logId: number | null;
  logType: 'url' | 'sql' | null;
  minute: number;
}

/** A socket connection of one minute, for the topology. */
export interface ConnectionRow {
  serverId: number;
  pid: number;
  createTime: number;
  role: 'client' | 'server';
  localIp: string;
  localPort: number;
  peerIp: string;
  peerPort: number;
  minute: number;
  responses: number;
}

/** A socket connection of one process in one minute, with its traffic, for the application detail. */
export interface ProcessSocketRow {
  id: number;
  role: 'client' | 'server';
  state: string;
  localIp: string;
  localPort: number;
  peerIp: string;
  peerPort: number;
  sent: number;
  recv: number;
  responses: number;
  responseTimeUs: number;
  minute: number;
}

/** What a trace shows of a server. */
export interface TraceServer {
  id: number;
  hostname: string;
  nickname: string;
  ip: string;
}

/** Reads of transaction messages and connections across an account's servers; minutes inclusive. */
export interface TraceRepo {
  /** Hops of one process (by server and pid) in the minutes. */
  processHops(accountId: number, serverId: number, pid: number, fromMinute: number, toMinute: number): Promise<Hop[]>;
  /** Hops whose own socket is ip:port. */
  localHops(accountId: number, ip: string, port: number, fromMinute: number, toMinute: number): Promise<Hop[]>;
  /** Message hops whose peer socket is ip:port. */
  peerHops(accountId: number, ip: string, port: number, fromMinute: number, toMinute: number): Promise<Hop[]>;
  servers(accountId: number, ids: number[]): Promise<TraceServer[]>;
  /** Messages of a transaction log with their time within from..to (fractional seconds), oldest first. */
  logMessages(accountId: number, logId: number, from: number, to: number, pid?: number): Promise<TransactionMessageRow[]>;
  connections(accountId: number, fromMinute: number, toMinute: number): Promise<ConnectionRow[]>;
  /** Socket connections of one process in `minute`, or in its latest minute with any when absent. */
  processSockets(accountId: number, serverId: number, pid: number, createTime: number, minute: number | undefined): Promise<ProcessSocketRow[]>;
  /** The latest minute with a socket connection in the account, or only of `of.serverIds` and before minute `of.before`; null when none. */
  latestConnectionMinute(accountId: number, of?: { serverIds: readonly number[]; before?: number }): Promise<number | null>;
}

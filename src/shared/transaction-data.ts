import { z } from 'zod';
import { intParam, numberParam } from './params';
import { callTimingSchema } from './trace-timing';

/** A process uid: `<server_id>_<pid>_<create_time>`. */
export const UID_PATTERN = /^\d{1,15}_\d{1,10}_\d{1,12}$/;
const uidParam = (field: string) =>
  z.string({ error: `${field} must be a process uid <server_id>_<pid>_<create_time>` }).regex(UID_PATTERN, {
    error: `${field} must be a process uid <server_id>_<pid>_<create_time>`,
  });
const ipParam = (field: string) => z.string({ error: `${field} must be an IP address` }).min(1, { error: `${field} must be an IP address` }).max(64, { error: `${field} must be an IP address` });

/** GET /transactions/log/: the messages of a transaction log in [start, start + duration]. */
export const transactionLogQuery = z.object({
  type: z.enum(['sql', 'url'], { error: 'type must be sql or url' }),
  lid: intParam('lid', { min: 1 }),
  uid: uidParam('uid').optional(),
  start: numberParam('start', { min: 0 }),
  duration: numberParam('duration', { min: 0, max: 86_400 }).default(0),
});
export type TransactionLogQuery = z.infer<typeof transactionLogQuery>;

/** One detail object of /transactions/log/. */
export const transactionLogEntry = z.object({
  type: z.enum(['sql', 'url']),
  time: z.number(),
  /** The URL request line or the SQL statement. */
  url: z.string(),
  /** The peer socket of the message. */
  ip: z.string(),
  port: z.number().int(),
  ppid: z.number().int(),
  pid: z.number().int(),
  id: z.number().int(),
});

/**
 * GET /transactions/trace/: `time` plus one start mode: URL (sid, pid), SQL (ip, port) or Process
 * (uid). Which mode applies is decided by which parameters are present, in that order of precedence:
 * uid, then sid and pid, then ip and port.
 */
export const traceQuery = z.object({
  time: numberParam('time', { min: 0 }),
  sid: intParam('sid', { min: 1 }).optional(),
  pid: intParam('pid', { min: 0 }).optional(),
  ip: ipParam('ip').optional(),
  port: intParam('port', { min: 0, max: 65535 }).optional(),
  uid: uidParam('uid').optional(),
});
export type TraceQuery = z.infer<typeof traceQuery>;

/** A process of a trace; the first is the outside world (uid 0_0_0, server name External). */
export const traceProcess = z.object({
  id: z.number().int(),
  index: z.number().int(),
  uid: z.string(),
  serverNickName: z.string(),
  serverHostName: z.string(),
  serverId: z.number().int(),
  serverIp: z.string(),
  pid: z.number().int(),
  name: z.string(),
  args: z.string().nullable(),
  logId: z.number().int().nullable(),
  logType: z.enum(['url', 'sql', 'none']).nullable(),
  cpu: z.number(),
  memory: z.number(),
  avgResponseTime: z.number(),
  netTransactNum: z.number(),
  responseNum: z.number(),
  socketNum: z.number(),
  socketRead: z.number(),
  socketWrite: z.number(),
  fileNum: z.number(),
  fileRead: z.number(),
  fileWrite: z.number(),
  registryNum: z.number(),
  pageFaults: z.number(),
  threads: z.number(),
  flags: z.number(),
  time: z.number().int(),
  /**
   * Not in the spec: how far this server's clock reads ahead of the initial process's server, in
   * seconds, estimated from the trace's logged request/response pairs (NTP-style midpoint, median per
   * pair of servers); null when no pair links the server to the initial one. Absent on External.
   */
  clockSkew: z.number().nullable().optional(),
});
export type TraceProcess = z.infer<typeof traceProcess>;

/** A transaction of a trace: a client socket paired with a server socket; durations in seconds. */
export const traceTransaction = z.object({
  id: z.number().int(),
  clientProcessId: z.number().int(),
  clientUid: z.string(),
  clientServerId: z.number().int(),
  clientPid: z.number().int(),
  clientIp: z.string(),
  clientPort: z.number().int(),
  clientStartTime: z.number(),
  clientDuration: z.number(),
  clientStatus: z.enum(['Open', 'Closed']),
  serverProcessId: z.number().int(),
  serverUid: z.string(),
  serverServerId: z.number().int(),
  serverPid: z.number().int(),
  serverIp: z.string(),
  serverPort: z.number().int(),
  serverStartTime: z.number(),
  serverDuration: z.number(),
  serverStatus: z.enum(['Open', 'Closed']),
  /**
   * Client duration minus server duration (the network and queueing share of the call, both ways; no
   * clock skew enters a difference of two durations), present only when both sides logged this call:
   * may be negative, as the spec allows. A side known only as a socket's per-minute average says
   * nothing of this request, so such a call has no latency (see `timing.latencyGap`).
   */
  latency: z.number().optional(),
  /** Not in the spec: the request's way alone, on skew-corrected clocks, when both sides were logged. */
  requestLatency: z.number().optional(),
  /** Not in the spec: the call's times from the one computation of src/shared/trace-timing.ts. */
  timing: callTimingSchema.optional(),
});
export type TraceTransaction = z.infer<typeof traceTransaction>;

export const traceResponse = z.object({
  request: z.object({
    initialUid: z.string(),
    processes: z.number().int(),
    transactions: z.number().int(),
    /** Not in the spec: the transaction the trace started from (its message), and its duration (its `timing.duration`). */
    transactionId: z.number().int().nullable().optional(),
    duration: z.number().nullable().optional(),
  }),
  processes: z.array(traceProcess),
  transactions: z.array(traceTransaction),
});
export type TraceResponse = z.infer<typeof traceResponse>;

export const EXTERNAL_UID = '0_0_0';

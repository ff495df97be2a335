import { z } from 'zod';

/**
 * The collector protocol (ours; the spec does not show it). A collector registers its server by a
 * stable guid, pulls its configuration, and uploads one batch per minute. Batches carry an id: a
 * replayed batch stores nothing twice. Bodies may be gzip-encoded (Content-Encoding: gzip).
 *
 *   POST /api/v5/collector/register   Registration            -> RegisterResponse
 *   GET  /api/v5/collector/config?guid=<guid>                 -> CollectorConfig
 *   POST /api/v5/collector/batches    Batch                   -> BatchResponse
 *
 * All three use the account's Basic credentials like every /api request.
 */

const num = z.number().finite();
const count = z.number().int().min(0);
const partMap = z.record(z.string().max(256), num);
const text = (max: number) => z.string().max(max);

export const registration = z.object({
  guid: z.string().min(1).max(128),
  hostname: z.string().min(1).max(255),
  os: z.enum(['Windows', 'Linux', 'Solaris']),
  os_detail: text(255).default(''),
  arch: text(64).default(''),
  capacity_mem: count.default(0),
  capacity_cpu_num: count.default(0),
  capacity_cpu_freq: count.default(0),
  capacity_disks: partMap.default({}),
  network_interfaces: z
    .array(z.object({ ip: z.array(text(64)), friendly_name: text(255), name: text(255) }))
    .max(256)
    .default([]),
  current_version: count.default(1),
});
export type Registration = z.infer<typeof registration>;

/** What a collector must collect; changes made through the API reach it at its next pull (each minute). */
export const collectorConfig = z.object({
  server_id: z.number().int(),
  /** Seconds between batches. */
  collect_period: z.number().int(),
  logs: z.array(
    z.object({
      id: z.number().int(),
      source_type: z.enum(['EVENTLOG', 'SYSLOG', 'FILE', 'AFSQL', 'AFURL']),
      source: z.string(),
      limit: z.number().int(),
    }),
  ),
  polled_data: z
    .object({ file_path: z.string(), file_type: z.string(), file_contents: z.string(), frequency: z.number().int() })
    .nullable(),
  transactions: z.object({ on: z.boolean(), enabled: z.boolean() }),
});
export type CollectorConfig = z.infer<typeof collectorConfig>;

export const registerResponse = z.object({ server_id: z.number().int(), config: collectorConfig });

/** The server data record of one minute (spec: Server data record), as the collector measures it. */
export const serverSample = z.object({
  cpu: num,
  cpu_cores: partMap.optional(),
  memory: num,
  disk: partMap.optional(),
  disk_percent: num.optional(),
  disk_percent_part: partMap.optional(),
  disk_busy: partMap.optional(),
  page_faults: num.optional(),
  process_num: num.optional(),
  thread_num: num.optional(),
  socket_read: num.optional(),
  socket_read_part: partMap.optional(),
  socket_write: num.optional(),
  socket_write_part: partMap.optional(),
  file_read: num.optional(),
  file_write: num.optional(),
  file_num: num.optional(),
  registry_num: num.optional(),
  socket_num: num.optional(),
  response_num: num.optional(),
  avg_response_time: num.optional(),
});
export type ServerSample = z.infer<typeof serverSample>;

/** One process in one minute; (pid, create_time) identify it, uid = <server_id>_<pid>_<create_time>. */
export const processSample = z.object({
  pid: count,
  create_time: count,
  name: z.string().min(1).max(255),
  args: z.string().max(4096).nullable().default(null),
  cpu: num.optional(),
  memory: num.optional(),
  page_faults: num.optional(),
  thread_num: num.optional(),
  socket_read: num.optional(),
  socket_write: num.optional(),
  socket_num: num.optional(),
  file_read: num.optional(),
  file_write: num.optional(),
  file_num: num.optional(),
  registry_num: num.optional(),
  critical_log: num.optional(),
  total_log: num.optional(),
  avg_response_time: num.optional(),
  response_num: num.optional(),
  flags: num.optional(),
});
export type ProcessSample = z.infer<typeof processSample>;

export const threadDetail = z.object({
  TID: z.string(),
  StackSize: z.string(),
  CreateTime: z.string(),
  KernelTime: z.string(),
  UserTime: z.string(),
});

export const processDetail = z.object({
  pid: count,
  create_time: count,
  files: z.array(z.string().max(4096)).max(10_000).optional(),
  threads: z.array(threadDetail).max(10_000).optional(),
});

/** A TCP connection seen in the minute, with its owning process; pairs across servers make traces. */
export const connection = z.object({
  pid: count,
  create_time: count,
  role: z.enum(['client', 'server']),
  local_ip: z.string().max(64),
  local_port: z.number().int().min(0).max(65535),
  peer_ip: z.string().max(64),
  peer_port: z.number().int().min(0).max(65535),
  state: z.string().max(32).default('ESTABLISHED'),
  sent: count.default(0),
  recv: count.default(0),
  responses: count.default(0),
  /** Total response time of the minute's transactions on this socket, microseconds. */
  response_time_us: count.default(0),
});
export type Connection = z.infer<typeof connection>;

export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export const logMessage = z.object({
  time: count,
  severity: z.enum(SEVERITIES),
  data: z.string().max(65_536),
});
export const logUpload = z.object({ log_id: z.number().int(), messages: z.array(logMessage).max(100_000) });

export const POLLED_STATUSES = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const;
export const polledValue = z.object({
  name: z.string().min(1).max(256),
  value: num,
  unit: z.string().max(16).default('d'),
  warn: num.optional(),
  crit: num.optional(),
  min: num.optional(),
  max: num.optional(),
});
export const polledResult = z.object({
  name: z.string().min(1).max(256),
  command_name: z.string().max(256),
  command_line: z.string().max(4096),
  time: count,
  status: z.enum(POLLED_STATUSES),
  text: z.string().max(4096),
  values: z.array(polledValue).max(256).default([]),
});
export type PolledResult = z.infer<typeof polledResult>;

/**
 * One aggregated StatsD flush of a bucket for the minute: counter total (already scaled by sample
 * rates), gauge last value, time mean of `count` samples (with their min and max), set distinct count.
 */
export const statsdFlush = z.object({
  name: z.string().min(1).max(256),
  type: z.enum(['counter', 'gauge', 'time', 'set']),
  value: num,
  count: count.default(1),
  min: num.optional(),
  max: num.optional(),
});

/** An AFURL/AFSQL transaction message: the fields of the spec's message `data` list. */
export const transactionMessage = z.object({
  log_type: z.enum(['url', 'sql']),
  event: z.string().max(64).default('request'),
  version: z.number().int().default(1),
  application: z.string().max(255).default(''),
  time: num,
  pid: count,
  ppid: count.default(0),
  socket: count.default(0),
  own_ip: z.string().max(64),
  own_port: z.number().int().min(0).max(65535),
  peer_ip: z.string().max(64),
  peer_port: z.number().int().min(0).max(65535),
  /** URL request line (url) or SQL statement (sql). */
  statement: z.string().max(16_384),
  /** Seconds the transaction took, as measured where it was logged. */
  duration: num.min(0).default(0),
});
export type TransactionMessage = z.infer<typeof transactionMessage>;

/**
 * How far a message time (log message, polled result, transaction) may lie outside the batch's
 * minute [minute, minute + 60), in seconds. A collector stamps a line when it reads it and closes a
 * minute's batch a few seconds after the minute ends; polled results carry the time their check
 * started and transaction times come from the application's own log, both read with some lag. A time
 * further off is a broken clock: it would be stored under that far minute, and a future one would
 * become the log's or check's "latest point".
 */
export const MESSAGE_TIME_SLACK = { before: 120, after: 60 } as const;

/** The fields of a batch; `batch` adds the check of message times against the minute. */
export const batchFields = z.object({
  batch_id: z.string().min(1).max(128),
  guid: z.string().min(1).max(128),
  /** The minute the batch is for: epoch seconds, a multiple of 60. */
  minute: count.refine((m) => m % 60 === 0, { error: 'minute must be a multiple of 60' }),
  server: serverSample,
  processes: z.array(processSample).max(20_000).default([]),
  process_details: z.array(processDetail).max(20_000).default([]),
  connections: z.array(connection).max(100_000).default([]),
  logs: z.array(logUpload).max(1_000).default([]),
  polled: z.array(polledResult).max(1_000).default([]),
  statsd: z.array(statsdFlush).max(100_000).default([]),
  transactions: z.array(transactionMessage).max(100_000).default([]),
});

type TimedParts = Pick<z.output<typeof batchFields>, 'minute' | 'logs' | 'polled' | 'transactions'>;

/** Adds an issue, at the time's own path, for each message time outside the batch's minute and its slack. */
export function checkMessageTimes(b: TimedParts, ctx: z.RefinementCtx): void {
  const lo = b.minute - MESSAGE_TIME_SLACK.before;
  const hi = b.minute + 60 + MESSAGE_TIME_SLACK.after;
  const check = (time: number, path: (string | number)[]) => {
    if (time >= lo && time < hi) return;
    ctx.addIssue({
      code: 'custom',
      path,
      message: `${time} is outside the batch's minute ${b.minute} (allowed from ${lo} to before ${hi})`,
    });
  };
  b.logs.forEach((l, i) => l.messages.forEach((m, j) => check(m.time, ['logs', i, 'messages', j, 'time'])));
  b.polled.forEach((r, i) => check(r.time, ['polled', i, 'time']));
  b.transactions.forEach((t, i) => check(t.time, ['transactions', i, 'time']));
}

/** One uploaded batch: its fields, and every message time within its minute (see MESSAGE_TIME_SLACK). */
export const batch = batchFields.superRefine(checkMessageTimes);
export type Batch = z.infer<typeof batch>;

export const batchResponse = z.object({
  /** false when the batch id was seen before and nothing was stored. */
  stored: z.boolean(),
  server_id: z.number().int(),
});

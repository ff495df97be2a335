import { z } from 'zod';
import { SEVERITIES } from './ingest';
import { timeSeriesQuery } from './timeseries';

/** GET /logs/{id}/data/: T with time_step Minute only. */
export const logDataQuery = timeSeriesQuery(['Minute']);

/** Longest `filter` accepted; a basic regular expression longer than this is refused. */
export const LOG_FILTER_MAX = 1024;

/** GET /logs/{id}/detail/ and /transactions/logs/{id}/detail/: T (Minute), filter and severity. */
export const logDetailQuery = timeSeriesQuery(['Minute']).extend({
  filter: z.string({ error: 'filter must be text' }).max(LOG_FILTER_MAX, { error: `filter must be at most ${LOG_FILTER_MAX} characters` }).optional(),
  severity: z.enum(SEVERITIES, { error: 'severity must be one of info, warning, critical' }).optional(),
});
export type LogDetailQuery = z.infer<typeof logDetailQuery>;

/**
 * GET /transactions/logs/{id}/detail/: the log detail query plus `order` (not in the spec):
 * `time` (default, newest first) or `duration` (slowest first, ties newest first), over the whole
 * range and filter, so the slowest transactions of a range can be paged through.
 */
export const transactionDetailQuery = logDetailQuery.extend({
  order: z.enum(['time', 'duration'], { error: 'order must be time or duration' }).default('time'),
});
export type TransactionDetailQuery = z.infer<typeof transactionDetailQuery>;

/** Log summary record: the message counts of one minute. */
export const logSummaryRecord = z.object({
  time: z.number().int(),
  info: z.number().int(),
  warning: z.number().int(),
  critical: z.number().int(),
});
export type LogSummaryRecord = z.infer<typeof logSummaryRecord>;

/**
 * Log message record. `data` is the message; time and severity are given for every log (the spec
 * requires them for transaction logs), `name` (the log source) for transaction logs only.
 */
export const logMessageRecord = z.object({
  data: z.string(),
  time: z.number().int(),
  severity: z.enum(SEVERITIES),
  name: z.string().optional(),
  /** Transaction messages only: the duration the collector logged, in seconds (0 when none was). */
  duration: z.number().optional(),
});
export type LogMessageRecord = z.infer<typeof logMessageRecord>;

import { z } from 'zod';
import { boolParam, epochParam } from './params';
import { pagingQuery } from './paging';
import { timeSeriesQuery } from './timeseries';

/** Numeric fields of a process record, in the order the store keeps them. */
export const PROCESS_FIELDS = [
  'cpu',
  'memory',
  'page_faults',
  'thread_num',
  'socket_read',
  'socket_write',
  'socket_num',
  'file_read',
  'file_write',
  'file_num',
  'registry_num',
  'critical_log',
  'total_log',
  'avg_response_time',
  'response_num',
  'flags',
] as const;
export type ProcessField = (typeof PROCESS_FIELDS)[number];

/** Fields of the process summary record (server-level processes/data), besides uid, name, args, time. */
export const SUMMARY_FIELDS = [
  'cpu',
  'memory',
  'page_faults',
  'thread_num',
  'socket_write',
  'socket_read',
  'socket_num',
  'file_read',
  'file_write',
  'file_num',
  'registry_num',
  'response_num',
  'flags',
  'critical_log',
] as const satisfies readonly ProcessField[];

/** A server data record: the minute (or step) and the sample's fields; missing fields mean no value. */
export type ServerDataRecord = { id: number; time: number } & Record<string, number | Record<string, number>>;

/** A process as lists answer it: pid and create_time as strings (spec: Process). */
export const processItem = z.object({
  uid: z.string(),
  pid: z.string(),
  create_time: z.string(),
  name: z.string(),
  args: z.string().nullable(),
  server_id: z.number().int(),
});
export type ProcessItem = z.infer<typeof processItem>;

/** A process data record: time plus whichever fields have a value. */
export type ProcessDataRecord = { time: number } & Partial<Record<ProcessField, number>>;

/** A process summary record of /servers/{id}/processes/data/. */
export type ProcessSummaryRecord = { uid: string; name: string; args: string | null; time: number } & Partial<
  Record<ProcessField, number>
>;

export const serverDataQuery = timeSeriesQuery(['Minute', 'Hour', 'Day']);
export const processDataQuery = timeSeriesQuery(['Minute', 'Hour', 'Day']);

/** GET /servers/{id}/processes/: current processes, or those running within start..end. */
export const processListQuery = pagingQuery
  .extend({ start: epochParam('start').optional(), end: epochParam('end').optional() })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end === undefined) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'start requires end' });
    }
    if (q.start !== undefined && q.end !== undefined && q.end < q.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start' });
    }
  });

/** How far from `time` the nearest minute with details may lie (details come every 10 minutes). */
export const DETAIL_NEAREST_WITHIN = 30 * 60;

/**
 * GET /processes/{uid}/detail/: the minute to read (default: the latest with details). Extension:
 * `nearest=true` with `time` answers the nearest minute with details within 30 minutes, and which.
 */
export const processDetailQuery = pagingQuery
  .extend({
    time: epochParam('time').optional(),
    nearest: boolParam('nearest')
      .optional()
      .describe('Extension: with time, the details of the nearest minute that has them (at most 30 minutes away, the earlier on a tie); the answer then carries that minute as `time`'),
  })
  .superRefine((q, ctx) => {
    if (q.nearest && q.time === undefined) ctx.addIssue({ code: 'custom', path: ['nearest'], message: 'nearest requires time' });
  });

/** Splits "<server_id>_<pid>_<create_time>"; null when the text is not a uid. */
export function parseUid(uid: string): { serverId: number; pid: number; createTime: number } | null {
  const m = /^(\d{1,15})_(\d{1,15})_(\d{1,15})$/.exec(uid);
  if (!m) return null;
  return { serverId: Number(m[1]), pid: Number(m[2]), createTime: Number(m[3]) };
}

export const processUid = (serverId: number, pid: number, createTime: number) => `${serverId}_${pid}_${createTime}`;

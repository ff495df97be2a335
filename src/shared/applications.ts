import { z } from 'zod';
import { threadDetail } from './ingest';
import { epochParam, idListParam, intParam, textParam } from './params';
import { pagingQuery } from './paging';
import { timeSeriesQuery } from './timeseries';

/** An application (a "process group") as the API answers it. */
export const application = z.object({
  id: z.number().int(),
  created: z.number().int(),
  name: z.string(),
  servers: z.array(z.number().int()),
  template: z.number().int(),
  url: z.string(),
});
export type Application = z.infer<typeof application>;

export const applicationListQuery = pagingQuery;

/** Fields of the application data record, summed over the application's processes per step. */
export const APPLICATION_DATA_FIELDS = [
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
] as const;
export type ApplicationDataRecord = { time: number; cpu_core_count?: number; process_num?: number; net_transact_num?: number } & Partial<
  Record<(typeof APPLICATION_DATA_FIELDS)[number], number>
>;

export const applicationDataQuery = timeSeriesQuery(['Minute', 'Hour', 'Day']);
export const applicationProcessDataQuery = timeSeriesQuery(['Minute', 'Hour', 'Day']);

/** GET /applications/{id}/detail/: the minute to read (default: the latest). */
export const applicationDetailQuery = pagingQuery.extend({ time: epochParam('time').optional() });

/** A socket of an application's detail (spec: Detail record); ProcName is [uid, name, command line]. */
export const applicationSocket = z.object({
  Status: z.string(),
  PeerIP: z.string(),
  PeerPort: z.string(),
  SockIP: z.string(),
  SockPort: z.string(),
  Socket: z.string(),
  Type: z.string(),
  TransSent: z.string(),
  TransRecv: z.string(),
  NumResponses: z.string(),
  TotalResponseTime: z.string(),
  TransactTime: z.string(),
  TransAcceptTime: z.string(),
  ThreadId: z.string(),
  ProcName: z.array(z.string()),
});
export type ApplicationSocket = z.infer<typeof applicationSocket>;

/** The answer of GET /applications/{id}/detail/: files, threads and sockets at a minute; each may be absent. */
export const applicationDetailResponse = z.object({
  data: z.object({
    files: z.array(z.string()).optional(),
    threads: z.array(threadDetail).optional(),
    sockets: z.array(applicationSocket).optional(),
  }),
});
export type ApplicationDetail = z.infer<typeof applicationDetailResponse>['data'];

/** GET /applications/{id}/processes/: the last `num` minutes up to `end`, or start..end. */
export const applicationProcessesQuery = pagingQuery
  .extend({
    num: intParam('num', { min: 1, max: 60 * 24 * 31 }).default(1),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.end >= q.start, {
    error: 'end must not be before start',
    path: ['end'],
  });

/** GET /servers/{id}/auto_detection/: `tenant` is accepted; only the caller's own account is served. */
export const serverDetectionQuery = z.object({ tenant: intParam('tenant', { min: 1 }).optional() });

/**
 * GET /autodetect/applications/?s[]=1&s[]=2: the servers to look at. Repeated `s[]` (or `s`) fields
 * arrive as an array or a single value; a JSON list in one `s` field is accepted as well.
 */
export const autodetectQuery = z.preprocess(
  (raw) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const v = r['s[]'] ?? r.s;
    if (v === undefined) return { s: undefined };
    if (typeof v === 'string' && v.trim().startsWith('[')) return { s: v };
    return { s: Array.isArray(v) ? v : [v] };
  },
  z.object({ s: idListParam('s') }),
);

/** A template detected on some servers, with what could be set up for it. */
export const detectedTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  existing_process_groups: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
  servers: z.array(z.object({ id: z.number().int(), nickname: z.string() })),
  polled_data: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() })),
  logs: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() })),
  alerts: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() })),
});
export type DetectedTemplate = z.infer<typeof detectedTemplate>;

/** PUT /autodetect/resources/: create a process group (new_process_group_name) or extend one (process_group_id). */
export const autodetectResourcesInput = z
  .object({
    app_id: intParam('app_id', { min: 1 }),
    new_process_group_name: textParam('new_process_group_name', 1, 64).optional(),
    process_group_id: intParam('process_group_id', { min: 1 }).optional(),
    servers: idListParam('servers'),
    logs: idListParam('logs').default([]),
    alerts: idListParam('alerts').default([]),
    polled_data: idListParam('polled_data').default([]),
  })
  .superRefine((v, ctx) => {
    // One of the two says whether to create or to extend; neither is reported as a missing name.
    if (v.new_process_group_name !== undefined && v.process_group_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['process_group_id'], message: 'process_group_id must not be given with new_process_group_name' });
    } else if (v.new_process_group_name === undefined && v.process_group_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['new_process_group_name'], message: 'new_process_group_name is required (or process_group_id)' });
    }
  });
export type AutodetectResourcesInput = z.infer<typeof autodetectResourcesInput>;

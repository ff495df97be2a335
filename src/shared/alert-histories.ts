import { z } from 'zod';
import { PAGE_LIMIT_MAX, pageParam } from './paging';
import { boolParam, epochParam, idListParam, intParam, listFilter } from './params';

/**
 * GET /alert_histories/: P plus `end` (default now), `start`, `filter` (JSON list of alert ids),
 * selecting by incident start. `num` is accepted as an alias of `limit` (the spec's description
 * mentions it); `limit` wins when both are given. Extension: `open=true` keeps only incidents not
 * ended yet (whatever their start, unless `start` is given), `open=false` only ended ones.
 */
export const alertHistoryListQuery = z
  .object({
    num: intParam('num', { min: 1, max: PAGE_LIMIT_MAX }).optional(),
    limit: intParam('limit', { min: 1, max: PAGE_LIMIT_MAX }).optional(),
    page: pageParam(),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
    // An empty value is no filter; an empty list [] selects no alert, so no history.
    filter: listFilter(idListParam('filter')),
    open: boolParam('open').optional().describe('Extension: true lists only the incidents not ended yet, whatever their start; false only the ended ones'),
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start > q.end) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'start must not be after end' });
    }
  })
  .transform(({ num, limit, ...q }) => ({ ...q, limit: limit ?? num ?? PAGE_LIMIT_MAX }));
export type AlertHistoryListQuery = z.output<typeof alertHistoryListQuery>;

/** A server that breached when an incident started, with its value of the alert's metric then (null: none, e.g. Server Down). */
export const breachingServer = z.object({
  id: z.number().int(),
  hostname: z.string(),
  nickname: z.string(),
  value: z.number().nullable(),
});
export type BreachingServer = z.infer<typeof breachingServer>;

/** An alert history (one incident) as answered; `message` is the path of its saved message. */
export const alertHistoryItem = z.object({
  id: z.number().int(),
  start: z.number().int(),
  end: z.number().int().nullable(),
  alert_id: z.number().int(),
  /** Beyond the spec: the alert's name and type when the incident started, kept after the alert is deleted. */
  alert_name: z.string(),
  alert_type: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Beyond the spec: which servers breached at the start (names as they were then), most extreme value first. */
  servers: z
    .array(breachingServer)
    .describe('Extension: the servers that held the condition when the incident started, with their values (most extreme first); [] for incidents recorded before this was kept'),
  /** Beyond the spec: the server of a per_server alert's incident, null for any other incident. */
  server_id: z.number().int().nullable().describe('Extension: the server this incident is about, for per_server alerts (one incident per server); null otherwise'),
  /** Beyond the spec: an External (Prometheus) alert's incident carries its label set and generatorURL; absent otherwise. */
  labels: z.record(z.string(), z.string()).optional().describe('Extension: the label set of an External alert\'s incident (alert_type "External", alert_id 0); absent for other incidents'),
  generator_url: z.string().optional().describe('Extension: the generatorURL an External alert was sent with; absent for other incidents'),
  url: z.string(),
});
export type AlertHistory = z.infer<typeof alertHistoryItem>;

/** The saved message of an incident; `view` is the path of its sandboxed html view. */
export const alertHistoryMessage = z.object({
  id: z.number().int(),
  subject: z.string(),
  html: z.string(),
  json: z.string(),
  text: z.string(),
  sms: z.string(),
  view: z.string(),
});
export type AlertHistoryMessage = z.infer<typeof alertHistoryMessage>;

/** Paths of a history's message and of its html view. */
export const alertHistoryMessagePath = (id: number) => `/api/v5/alert_histories/${id}/message/`;
export const alertHistoryViewPath = (id: number) => `/api/v5/alert_histories/${id}/message/view/`;

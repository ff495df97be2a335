import { z } from 'zod';
import { ALERT_TYPES, alertItem, alertUpdateFields } from './alerts';
import { boolParam, idListParam, intParam } from './params';

/** The most alerts one bulk edit may change: the preview backtests each twice. */
export const BULK_MAX_ALERTS = 200;

/** Fields of PUT /alerts/{id} a bulk edit may change; name and subscribers stay per alert. */
export const BULK_FIELDS = ['threshold', 'active', 'direction', 'interval', 'time_above_threshold', 'num_of_servers', 'part_name', 'users', 'ip_details', 'reg_exp'] as const;
/** Fields PUT takes that a bulk edit refuses. */
export const NOT_IN_BULK = ['name', 'subscribers', 'ip_detail'] as const;

/** The changes of a bulk edit: PUT's fields but NOT_IN_BULK, each checked as PUT checks it. */
export const alertBulkChanges = alertUpdateFields.omit({ name: true, subscribers: true, ip_detail: true });

/**
 * Which alerts a bulk edit selects: ids, or a filter (server, tag, type); given together they must all
 * match. server_id selects the server's Server alerts, its processes' Process alerts and the Server Tag
 * and Application alerts covering it; tag_id the tag's Server Tag alerts and its servers' Server alerts.
 */
export const alertBulkSelectFields = z.object({
  ids: idListParam('ids').optional(),
  server_id: intParam('server_id', { min: 1 }).optional(),
  tag_id: intParam('tag_id', { min: 1 }).optional(),
  type: z.enum(ALERT_TYPES, { error: `type must be one of ${ALERT_TYPES.join(', ')}` }).optional(),
  dry_run: boolParam('dry_run').default(false).describe('true: answer the preview (before, after, fires over the last 7 days) and change nothing'),
});

/** The selection of a bulk edit, checked together. */
export const alertBulkSelect = alertBulkSelectFields.superRefine((q, ctx) => {
  if (!q.ids && q.server_id === undefined && q.tag_id === undefined && !q.type) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'ids or a filter (server_id, tag_id, type) is required' });
  }
  if (q.ids && q.ids.length === 0) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'ids must name at least one alert' });
  if (q.ids && q.ids.length > BULK_MAX_ALERTS) ctx.addIssue({ code: 'custom', path: ['ids'], message: `ids must name at most ${BULK_MAX_ALERTS} alerts` });
});
export type AlertBulkSelect = z.output<typeof alertBulkSelect>;

/** One alert of a bulk edit: as it is, as it would be (dry run) or now is, and its fires over the last 7 days. */
export const alertBulkItem = z.object({
  id: z.number().int(),
  before: alertItem,
  after: alertItem,
  fires_before: z.number().int().nullable().describe('Incidents a backtest of the last 7 days finds with the alert as it is; null when not a dry run or not available for the type'),
  fires_after: z.number().int().nullable().describe('The same with the changes'),
});
export type AlertBulkItem = z.infer<typeof alertBulkItem>;

/** The answer of POST /alerts/bulk. */
export const alertBulkAnswer = z.object({
  dry_run: z.boolean(),
  count: z.number().int(),
  alerts: z.array(alertBulkItem),
});
export type AlertBulkAnswer = z.infer<typeof alertBulkAnswer>;

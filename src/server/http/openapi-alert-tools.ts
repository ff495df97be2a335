import { backtestAnswer, backtestRangeFields } from '../../shared/alert-backtest';
import { alertBulkAnswer, alertBulkChanges, alertBulkSelectFields, BULK_FIELDS, BULK_MAX_ALERTS } from '../../shared/alert-bulk';
import { alertCreateFields } from '../../shared/alerts';
import type { Operation } from './openapi-operation';

const BACKTEST_RULES =
  'Replays the live engine (the same observation and decision code) over the stored minutes of the alert\'s servers, ' +
  'honouring maintenance windows as live evaluation does; nothing is stored. ' +
  'Available for Server, Server Tag, Process and Application alerts with static thresholds; Server Down, the content triggers ' +
  '(File Accessed, Port Accessed, Incident Report Content, Registry Accessed), Log and Polled Data alerts and out-of-band thresholds answer 422. ' +
  'start and end default to the last 7 days; at most 31 days.';

/** Alert tools beyond the spec: backtests and bulk edits. */
export const ALERT_TOOL_OPERATIONS: Operation[] = [
  {
    method: 'POST', path: '/alerts/backtest', tag: 'Alerts', summary: 'How an alert typed in the create form would have fired (any role; stores nothing)',
    description: `Takes the create form of POST /alerts/ (validated the same way) plus start and end. ${BACKTEST_RULES}`,
    params: alertCreateFields.extend(backtestRangeFields.shape), response: backtestAnswer,
  },
  {
    method: 'GET', path: '/alerts/:id/backtest', tag: 'Alerts', summary: 'How a saved alert would have fired over start..end',
    description: BACKTEST_RULES, params: backtestRangeFields, response: backtestAnswer,
  },
  {
    method: 'POST', path: '/alerts/bulk', tag: 'Alerts', summary: 'Change many alerts at once; dry_run=true previews (Manager/owner)',
    description:
      `Selects alerts by ids (a JSON list) or a filter (server_id, tag_id, type; given together, all must match), at most ${BULK_MAX_ALERTS}, ` +
      `and changes the fields given (${BULK_FIELDS.join(', ')}), each checked as PUT /alerts/{id} checks it. ` +
      'With dry_run=true it answers each alert before and after and the incidents a backtest of the last 7 days finds with each (null where a backtest is not available), and changes nothing. ' +
      'Otherwise all alerts are changed in one transaction or none (a refusal names the alert), and each change is audited. ' +
      'An id or a server_id/tag_id of another account is a 404. The answer lists every selected alert: it is bounded, not paged.',
    params: alertBulkSelectFields.extend(alertBulkChanges.shape),
    response: alertBulkAnswer,
  },
];

import { notificationSettings, notificationSettingsInput } from '../../shared/incident-response';
import type { Operation } from './openapi-operation';

const GROUPING =
  'Notifications (e-mail, SMS, push) of incidents to one recipient on one channel that become due within group_wait_s seconds go as one ' +
  'message listing every incident; each is due group_wait_s after it is queued. 0 sends each alone at once. Callbacks are never grouped. ' +
  'A change applies to notifications queued after it.';

/** The account's notification grouping (issue 18, beyond the spec). */
export const NOTIFICATION_SETTINGS_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/notification_settings', tag: 'Alerts', summary: 'The notification grouping window of the account (default 30 s)', description: GROUPING, response: notificationSettings },
  {
    method: 'PUT', path: '/notification_settings', tag: 'Alerts', summary: 'Set the notification grouping window, 0 to 3600 s (Manager/owner)',
    description: GROUPING, params: notificationSettingsInput, response: notificationSettings,
  },
];

import type { FastifyInstance } from 'fastify';
import { notificationSettingsInput, notificationSettings } from '../../shared/incident-response';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import type { NotificationSettings } from '../store/repos/notification-settings';
import { route } from '../http/route';

const toAnswer = (s: NotificationSettings): z.infer<typeof notificationSettings> => ({ group_wait_s: s.groupWaitS });

const GROUPING =
  'Notifications (e-mail, SMS, push) of incidents to one recipient on one channel that become due within group_wait_s seconds go as one ' +
  'message listing every incident; each is due group_wait_s after it is queued. 0 sends each alone at once. Callbacks are never grouped. ' +
  'A change applies to notifications queued after it.';

/**
 * The account's notification grouping (issue 18): every role reads it; Manager and owner change it
 * (access.ts). A change applies to notifications queued after it.
 */
export function notificationSettingsRoutes(app: FastifyInstance, { store, now }: Deps) {
  route(app, {
    method: 'GET', path: '/notification_settings',
    tag: 'Alerts', summary: 'The notification grouping window of the account (default 30 s)',
    description: GROUPING,
    response: notificationSettings,
  }, async (req) => toAnswer(await store.notificationSettings.get(req.account.id)));

  route(app, {
    method: 'PUT', path: '/notification_settings',
    tag: 'Alerts', summary: 'Set the notification grouping window, 0 to 3600 s (Manager/owner)',
    description: GROUPING,
    params: notificationSettingsInput, response: notificationSettings,
  }, async (req) => {
    const input = parseInput(req, notificationSettingsInput);
    return toAnswer(await store.notificationSettings.set(req.account.id, { groupWaitS: input.group_wait_s }, now()));
  });
}

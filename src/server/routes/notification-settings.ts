import type { FastifyInstance } from 'fastify';
import { notificationSettingsInput, notificationSettings } from '../../shared/incident-response';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import { resolveUsers } from '../services/alerts';
import { externalAlertUsers } from '../services/external-alerts';
import type { NotificationSettings } from '../store/repos/notification-settings';
import type { Store } from '../store/store';
import { route } from '../http/route';
import { invalid } from '../services/errors';

const toAnswer = async (store: Store, accountId: number, s: NotificationSettings): Promise<z.infer<typeof notificationSettings>> => ({
  group_wait_s: s.groupWaitS,
  external_alert_users: await externalAlertUsers(store, accountId, s),
  external_alert_interval: s.externalAlertInterval,
  external_escalation_policy: s.externalEscalationPolicy,
});

const GROUPING =
  'Notifications (e-mail, SMS, push) of incidents to one recipient on one channel that become due within group_wait_s seconds go as one ' +
  'message listing every incident; each is due group_wait_s after it is queued. 0 sends each alone at once. Callbacks are never grouped. ' +
  'A change applies to notifications queued after it. Extension (issue 19): external_alert_users (as an alert\'s users; default the ' +
  'account owner by e-mail) are told of incidents of external (Prometheus) alerts, reminded every external_alert_interval minutes ' +
  '(default 10) until acknowledged; with external_escalation_policy (a policy id, 0 for none) they walk that escalation policy instead. ' +
  'A PUT changes the settings it gives and keeps the others.';

/**
 * The account's notification settings (issues 18, 19): every role reads them; Manager and owner change
 * them (access.ts). A change applies to notifications queued after it.
 */
export function notificationSettingsRoutes(app: FastifyInstance, { store, now }: Deps) {
  route(app, {
    method: 'GET', path: '/notification_settings',
    tag: 'Alerts', summary: 'The notification settings of the account: grouping window (default 30 s), who is told of external alerts',
    description: GROUPING,
    response: notificationSettings,
  }, async (req) => toAnswer(store, req.account.id, await store.notificationSettings.get(req.account.id)));

  route(app, {
    method: 'PUT', path: '/notification_settings',
    tag: 'Alerts', summary: 'Change the notification settings given (Manager/owner)',
    description: GROUPING,
    params: notificationSettingsInput, response: notificationSettings,
  }, async (req) => {
    const input = parseInput(req, notificationSettingsInput);
    const users = input.external_alert_users && (await resolveUsers(store, req.account.id, input.external_alert_users));
    const policy = input.external_escalation_policy;
    if (policy && !(await store.escalationPolicies.get(req.account.id, policy))) {
      throw invalid(`external_escalation_policy ${policy} is not an escalation policy of this account`, 'external_escalation_policy');
    }
    const s = await store.notificationSettings.set(
      req.account.id,
      { groupWaitS: input.group_wait_s, externalAlertUsers: users, externalAlertInterval: input.external_alert_interval, externalEscalationPolicy: policy },
      now(),
    );
    return toAnswer(store, req.account.id, s);
  });
}

import { EXTERNAL_INTERVAL_DEFAULT_MIN, GROUP_WAIT_DEFAULT_S } from '../../../shared/incident-response';
import { toUserRefs } from '../alert-rows';
import { parseJson } from '../common/util';
import type { NotificationSettings, NotificationSettingsRepo } from '../repos/notification-settings';
import type { Db } from './db';

/** The group window an alert notification of the account is queued under (the default until set). */
export function groupWaitOf(db: Db) {
  const read = db.prepare<[number], { w: number }>('SELECT group_wait_s AS w FROM notification_settings WHERE account_id = ?');
  return (accountId: number): number => read.get(accountId)?.w ?? GROUP_WAIT_DEFAULT_S;
}

type Row = { group_wait_s: number; external_alert_users: string | null; external_alert_interval: number | null; external_escalation_policy: number | null };

export function sqliteNotificationSettings(db: Db): NotificationSettingsRepo {
  const read = db.prepare<[number], Row>('SELECT group_wait_s, external_alert_users, external_alert_interval, external_escalation_policy FROM notification_settings WHERE account_id = ?');
  // Each setting given replaces its column; one left out (null) keeps what is stored.
  // external_escalation_policy: null keeps it, 0 clears it.
  const write = db.prepare(`INSERT INTO notification_settings (account_id, group_wait_s, external_alert_users, external_alert_interval, external_escalation_policy, updated)
    VALUES (@a, coalesce(@wait, ${GROUP_WAIT_DEFAULT_S}), @users, @interval, nullif(@policy, 0), @now)
    ON CONFLICT (account_id) DO UPDATE SET group_wait_s = coalesce(@wait, group_wait_s), external_alert_users = coalesce(@users, external_alert_users),
      external_alert_interval = coalesce(@interval, external_alert_interval),
      external_escalation_policy = CASE WHEN @policy IS NULL THEN external_escalation_policy ELSE nullif(@policy, 0) END, updated = @now`);
  const get = (accountId: number): NotificationSettings => {
    const r = read.get(accountId);
    return {
      groupWaitS: r?.group_wait_s ?? GROUP_WAIT_DEFAULT_S,
      externalAlertUsers: r?.external_alert_users ? toUserRefs(parseJson<unknown>(r.external_alert_users, [])) : null,
      externalAlertInterval: r?.external_alert_interval ?? EXTERNAL_INTERVAL_DEFAULT_MIN,
      externalEscalationPolicy: r?.external_escalation_policy ?? null,
    };
  };
  return {
    async get(accountId) {
      return get(accountId);
    },
    async set(accountId, s, now) {
      write.run({
        a: accountId, wait: s.groupWaitS ?? null, users: s.externalAlertUsers ? JSON.stringify(s.externalAlertUsers) : null,
        interval: s.externalAlertInterval ?? null, policy: s.externalEscalationPolicy ?? null, now,
      });
      return get(accountId);
    },
  };
}

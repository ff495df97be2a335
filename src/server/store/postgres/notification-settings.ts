import { EXTERNAL_INTERVAL_DEFAULT_MIN, GROUP_WAIT_DEFAULT_S } from '../../../shared/incident-response';
import { toUserRefs } from '../alert-rows';
import type { NotificationSettings, NotificationSettingsRepo } from '../repos/notification-settings';
import type { Pg, Sql } from './db';

/** The group window an alert notification of the account is queued under (the default until set). */
export async function groupWaitOf(sql: Sql, accountId: number): Promise<number> {
  const r = await sql.row<{ w: number }>('SELECT group_wait_s AS w FROM notification_settings WHERE account_id = $1', [accountId]);
  return r?.w ?? GROUP_WAIT_DEFAULT_S;
}

type Row = { group_wait_s: number; external_alert_users: unknown; external_alert_interval: number | null; external_escalation_policy: string | number | null };

async function get(pg: Pg, accountId: number): Promise<NotificationSettings> {
  const r = await pg.row<Row>('SELECT group_wait_s, external_alert_users, external_alert_interval, external_escalation_policy FROM notification_settings WHERE account_id = $1', [accountId]);
  return {
    groupWaitS: r?.group_wait_s ?? GROUP_WAIT_DEFAULT_S,
    externalAlertUsers: r?.external_alert_users ? toUserRefs(r.external_alert_users) : null,
    externalAlertInterval: r?.external_alert_interval ?? EXTERNAL_INTERVAL_DEFAULT_MIN,
    externalEscalationPolicy: r?.external_escalation_policy == null ? null : Number(r.external_escalation_policy),
  };
}

export function pgNotificationSettings(pg: Pg): NotificationSettingsRepo {
  return {
    get: (accountId) => get(pg, accountId),
    async set(accountId, s, now) {
      // Each setting given replaces its column; one left out (null) keeps what is stored.
      await pg.exec(
        // external_escalation_policy: null keeps it, 0 clears it.
        `INSERT INTO notification_settings (account_id, group_wait_s, external_alert_users, external_alert_interval, external_escalation_policy, updated)
         VALUES ($1, coalesce($2::int, ${GROUP_WAIT_DEFAULT_S}), $3::jsonb, $4::int, nullif($6::bigint, 0), $5)
         ON CONFLICT (account_id) DO UPDATE SET group_wait_s = coalesce($2::int, notification_settings.group_wait_s),
           external_alert_users = coalesce($3::jsonb, notification_settings.external_alert_users),
           external_alert_interval = coalesce($4::int, notification_settings.external_alert_interval),
           external_escalation_policy = CASE WHEN $6::bigint IS NULL THEN notification_settings.external_escalation_policy ELSE nullif($6::bigint, 0) END,
           updated = excluded.updated`,
        [accountId, s.groupWaitS ?? null, s.externalAlertUsers ? JSON.stringify(s.externalAlertUsers) : null, s.externalAlertInterval ?? null, now, s.externalEscalationPolicy ?? null],
      );
      return get(pg, accountId);
    },
  };
}

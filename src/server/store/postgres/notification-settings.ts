import { GROUP_WAIT_DEFAULT_S } from '../../../shared/incident-response';
import type { NotificationSettingsRepo } from '../repos/notification-settings';
import type { Pg, Sql } from './db';

/** The group window an alert notification of the account is queued under (the default until set). */
export async function groupWaitOf(sql: Sql, accountId: number): Promise<number> {
  const r = await sql.row<{ w: number }>('SELECT group_wait_s AS w FROM notification_settings WHERE account_id = $1', [accountId]);
  return r?.w ?? GROUP_WAIT_DEFAULT_S;
}

export function pgNotificationSettings(pg: Pg): NotificationSettingsRepo {
  return {
    async get(accountId) {
      return { groupWaitS: await groupWaitOf(pg, accountId) };
    },
    async set(accountId, s, now) {
      await pg.exec(
        `INSERT INTO notification_settings (account_id, group_wait_s, updated) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET group_wait_s = excluded.group_wait_s, updated = excluded.updated`,
        [accountId, s.groupWaitS, now],
      );
      return { groupWaitS: await groupWaitOf(pg, accountId) };
    },
  };
}

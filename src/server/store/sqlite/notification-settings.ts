import { GROUP_WAIT_DEFAULT_S } from '../../../shared/incident-response';
import type { NotificationSettingsRepo } from '../repos/notification-settings';
import type { Db } from './db';

/** The group window an alert notification of the account is queued under (the default until set). */
export function groupWaitOf(db: Db) {
  const read = db.prepare<[number], { w: number }>('SELECT group_wait_s AS w FROM notification_settings WHERE account_id = ?');
  return (accountId: number): number => read.get(accountId)?.w ?? GROUP_WAIT_DEFAULT_S;
}

export function sqliteNotificationSettings(db: Db): NotificationSettingsRepo {
  const wait = groupWaitOf(db);
  const write = db.prepare(`INSERT INTO notification_settings (account_id, group_wait_s, updated) VALUES (?, ?, ?)
    ON CONFLICT (account_id) DO UPDATE SET group_wait_s = excluded.group_wait_s, updated = excluded.updated`);
  return {
    async get(accountId) {
      return { groupWaitS: wait(accountId) };
    },
    async set(accountId, s, now) {
      write.run(accountId, s.groupWaitS, now);
      return { groupWaitS: wait(accountId) };
    },
  };
}

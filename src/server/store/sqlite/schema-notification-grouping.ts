import type { SchemaModule } from './migrations';

/**
 * Notification grouping (issue 18): the account's group window, and on each notification the window it
 * was queued under (0: never grouped; mail no alert caused and rows from before this step), the size of
 * the grouped message that carried it, and the lead row of the claim it is part of (the per-host limit
 * counts one message per claim, not one per row). Same as PostgreSQL's 0010.
 */
export const notificationGroupingSchema: SchemaModule = {
  name: 'notification-grouping',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE notification_settings (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  group_wait_s INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
ALTER TABLE notifications ADD COLUMN group_wait_s INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN group_size INTEGER;
ALTER TABLE notifications ADD COLUMN claim_lead INTEGER;
CREATE INDEX notifications_group ON notifications (account_id, channel, recipient, id) WHERE state = 'pending';
`,
    },
  ],
};

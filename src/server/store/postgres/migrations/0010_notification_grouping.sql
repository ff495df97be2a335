-- Notification grouping (issue 18): the account's group window, and on each notification the window it
-- was queued under (0: never grouped; mail no alert caused and rows from before this step), the size of
-- the grouped message that carried it, and the lead row of the claim it is part of (the per-host limit
-- counts one message per claim, not one per row). Same as SQLite's module 'notification-grouping'.
CREATE TABLE notification_settings (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  group_wait_s integer NOT NULL,
  updated bigint NOT NULL
);

ALTER TABLE notifications
  ADD COLUMN group_wait_s integer NOT NULL DEFAULT 0,
  ADD COLUMN group_size integer,
  ADD COLUMN claim_lead bigint;
-- The rows a claim sweeps into one message: one recipient on one channel, still pending.
CREATE INDEX notifications_group ON notifications (account_id, channel, recipient, id) WHERE state = 'pending';

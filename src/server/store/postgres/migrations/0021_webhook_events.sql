-- Event ids of inbound channel webhooks already acted on (PagerDuty v3 retries an event it got no timely
-- answer for, with the same event.id): recorded in the transaction of the change the event made, so a
-- retry, or the same event posted twice at once to two replicas, changes nothing again (the primary key
-- decides, INSERT ... ON CONFLICT DO NOTHING). Kept 7 days by the retention job (received, epoch
-- seconds); a deleted channel takes its rows. Same as SQLite's module 'webhook-events'.
CREATE TABLE webhook_events (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  channel_id bigint NOT NULL,
  event_id text NOT NULL,
  history_id bigint NOT NULL,
  received bigint NOT NULL,
  PRIMARY KEY (account_id, channel_id, event_id),
  FOREIGN KEY (account_id, channel_id) REFERENCES channels (account_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_events_received ON webhook_events (received);

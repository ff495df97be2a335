import type { SchemaModule } from './migrations';

/**
 * Event ids of inbound channel webhooks already acted on (PagerDuty v3 retries an event with the same
 * event.id): recorded in the transaction of the change the event made, so a retry changes nothing
 * again. Kept 7 days by the retention job; a deleted channel takes its rows. Same as PostgreSQL's 0021.
 */
export const webhookEventsSchema: SchemaModule = {
  name: 'webhook-events',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE webhook_events (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  history_id INTEGER NOT NULL,
  received INTEGER NOT NULL,
  PRIMARY KEY (account_id, channel_id, event_id)
) WITHOUT ROWID;
CREATE INDEX webhook_events_received ON webhook_events (received);
`,
    },
  ],
};

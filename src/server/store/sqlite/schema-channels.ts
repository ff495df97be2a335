import type { SchemaModule } from './migrations';

/**
 * Channels (issue 19), as PostgreSQL's 0014_channels: the channels with their settings as JSON (secrets
 * included, never answered), the channel messages of the outbox with their attempt log (like callbacks:
 * claimed under a lease, retried with backoff), and each alert's channel ids. A message keeps its
 * channel's type and name as queued, and no foreign key to it: the delivery log outlives a deleted channel.
 */
export const channelsSchema: SchemaModule = {
  name: 'channels',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  settings TEXT NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX channels_account ON channels (account_id, id);
CREATE TABLE channel_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL,
  channel_type TEXT NOT NULL,
  channel_name TEXT NOT NULL,
  alert_id INTEGER,
  alert_history_id INTEGER,
  event TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  delivery_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  last_latency_ms INTEGER,
  created INTEGER NOT NULL,
  delivered_at INTEGER,
  host TEXT NOT NULL,
  claimed_by TEXT,
  lease_until INTEGER
);
CREATE INDEX channel_messages_due ON channel_messages (state, next_attempt_at);
CREATE INDEX channel_messages_channel ON channel_messages (account_id, channel_id, id);
CREATE INDEX channel_messages_history ON channel_messages (account_id, alert_history_id, channel_id, id);
CREATE INDEX channel_messages_host ON channel_messages (host, lease_until) WHERE state = 'pending';
CREATE TABLE channel_attempts (
  account_id INTEGER NOT NULL,
  message INTEGER NOT NULL REFERENCES channel_messages(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  http_status INTEGER,
  error TEXT,
  latency_ms INTEGER NOT NULL,
  PRIMARY KEY (message, attempt)
);
ALTER TABLE alerts ADD COLUMN channels TEXT NOT NULL DEFAULT '[]';
`,
    },
  ],
};

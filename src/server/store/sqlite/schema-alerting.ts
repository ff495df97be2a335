import type { SchemaModule } from './migrations';

/**
 * The alert engine's persistent state: the callback outbox (every delivery is written here before its
 * first attempt, so pending ones survive a restart) with its attempt log, and user notifications.
 */
export const alertingSchema: SchemaModule = {
  name: 'alerting',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE callback_deliveries (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  alert_id INTEGER NOT NULL,
  alert_history_id INTEGER,
  status TEXT NOT NULL,
  url TEXT NOT NULL,
  method TEXT NOT NULL,
  auth TEXT,
  secret TEXT,
  delivery_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  last_latency_ms INTEGER,
  created INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX callback_deliveries_due ON callback_deliveries (state, next_attempt_at);
CREATE INDEX callback_deliveries_alert ON callback_deliveries (account_id, alert_id, id DESC);

CREATE TABLE callback_attempts (
  delivery INTEGER NOT NULL REFERENCES callback_deliveries(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  http_status INTEGER,
  error TEXT,
  latency_ms INTEGER NOT NULL,
  PRIMARY KEY (delivery, attempt)
);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  alert_id INTEGER NOT NULL,
  alert_history_id INTEGER,
  user_id INTEGER NOT NULL,
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'kept',
  error TEXT,
  created INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX notifications_account ON notifications (account_id, id DESC);
`,
    },
    {
      version: 2,
      sql: `
CREATE TABLE alert_state (
  account_id INTEGER NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  subject INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  holds INTEGER NOT NULL,
  streak INTEGER NOT NULL,
  value REAL,
  PRIMARY KEY (account_id, alert_id, subject)
) WITHOUT ROWID;

CREATE TABLE alert_incidents (
  account_id INTEGER NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  history_id INTEGER NOT NULL,
  started INTEGER NOT NULL,
  last_notified INTEGER NOT NULL,
  PRIMARY KEY (account_id, alert_id)
) WITHOUT ROWID;

CREATE TABLE alert_stats (
  account_id INTEGER NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  hour INTEGER NOT NULL,
  n INTEGER NOT NULL,
  sum REAL NOT NULL,
  sumsq REAL NOT NULL,
  PRIMARY KEY (account_id, alert_id, hour)
) WITHOUT ROWID;
`,
    },
    {
      // The durable alert path: the evaluation queue written with each batch, leases on work items,
      // outbox rows and singleton jobs, and user notifications sent from the same outbox as callbacks.
      version: 3,
      sql: `
CREATE TABLE eval_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  received_ms INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  claimed_by TEXT,
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE INDEX eval_queue_server ON eval_queue (account_id, server_id, minute, id) WHERE state = 'pending';
-- The batch apart from the queue row: claiming and releasing an item rewrite only the small row.
CREATE TABLE eval_payloads (
  item_id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  payload TEXT NOT NULL
);

CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;

ALTER TABLE callback_deliveries ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE callback_deliveries ADD COLUMN claimed_by TEXT;
ALTER TABLE callback_deliveries ADD COLUMN lease_until INTEGER;
UPDATE callback_deliveries SET host = delivery_host(url);
CREATE INDEX callback_deliveries_host ON callback_deliveries (host, lease_until) WHERE state = 'pending';

ALTER TABLE notifications ADD COLUMN html TEXT;
ALTER TABLE notifications ADD COLUMN host TEXT;
ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
ALTER TABLE notifications ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN claimed_by TEXT;
ALTER TABLE notifications ADD COLUMN lease_until INTEGER;
UPDATE notifications SET delivery_id = lower(hex(randomblob(16)));
UPDATE notifications SET state = 'pending', host = channel WHERE state = 'sending';
CREATE INDEX notifications_due ON notifications (state, next_attempt_at);

CREATE TABLE notification_attempts (
  notification INTEGER NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  error TEXT,
  latency_ms INTEGER NOT NULL,
  PRIMARY KEY (notification, attempt)
);
`,
    },
    {
      // However an alert is deleted (itself, or with its server, tag, log or transactions), an incident
      // it had open ends then: its history must not stay open forever. No callback is sent for it.
      version: 4,
      sql: `
CREATE TRIGGER alerts_delete_ends_incident AFTER DELETE ON alerts BEGIN
  UPDATE alert_histories SET "end" = MAX(start, (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60)
   WHERE account_id = old.account_id AND alert_id = old.id AND "end" IS NULL;
END;
`,
    },
    {
      // The engine's lookup of a server's alerts goes by type and target, not by scanning the account.
      version: 5,
      sql: `
CREATE INDEX alerts_engine_target ON alerts (account_id, type, target_id) WHERE active = 1;
CREATE INDEX application_servers_server ON application_servers (account_id, server_id);
`,
    },
  ],
};

import type { SchemaModule } from './migrations';

/**
 * Incident response (issue 18): acknowledgement of an alert history, its notes and events (the
 * timeline reads these plus the outbox), the value that triggered it, the event each notification
 * tells, and the e-mailed acknowledge links: one signing secret per account and a record of each link
 * used (a link acts once). Same tables and columns as PostgreSQL's 0008_incident_response.sql.
 */
export const incidentResponseSchema: SchemaModule = {
  name: 'incident-response',
  migrations: [
    {
      version: 1,
      sql: `
ALTER TABLE alert_histories ADD COLUMN acknowledged_by INTEGER;
ALTER TABLE alert_histories ADD COLUMN acknowledged_at INTEGER;
ALTER TABLE alert_histories ADD COLUMN silenced INTEGER NOT NULL DEFAULT 0;
ALTER TABLE alert_histories ADD COLUMN trigger_value REAL;

ALTER TABLE notifications ADD COLUMN event TEXT;
CREATE INDEX notifications_history ON notifications (account_id, alert_history_id) WHERE alert_history_id IS NOT NULL;
CREATE INDEX callback_deliveries_history ON callback_deliveries (account_id, alert_history_id) WHERE alert_history_id IS NOT NULL;

CREATE TABLE incident_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  history_id INTEGER NOT NULL REFERENCES alert_histories(id) ON DELETE CASCADE,
  user_id INTEGER,
  text TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE INDEX incident_notes_history ON incident_notes (account_id, history_id, id);

CREATE TABLE incident_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  history_id INTEGER NOT NULL REFERENCES alert_histories(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  user_id INTEGER,
  data TEXT NOT NULL DEFAULT '{}',
  at INTEGER NOT NULL
);
CREATE INDEX incident_events_history ON incident_events (account_id, history_id, id);

CREATE TABLE ack_secrets (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  created INTEGER NOT NULL
);

CREATE TABLE ack_token_uses (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  nonce TEXT NOT NULL,
  history_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  used_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, nonce)
) WITHOUT ROWID;
`,
    },
  ],
};

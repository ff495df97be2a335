import type { SchemaModule } from './migrations';

/**
 * External alerts (issue 19): alerts posted by Prometheus, vmalert or Grafana to POST /api/v2/alerts,
 * one row per distinct label set of an account; their incidents are alert histories (alert_id 0,
 * alert_type 'External') carrying the alert, its labels and generatorURL. Also the account's ingest
 * tokens, the silences' label matchers and the notification settings of external alerts. Same as
 * PostgreSQL's 0015_external_alerts.
 */
export const externalAlertsSchema: SchemaModule = {
  name: 'external-alerts',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE external_alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL,
  alertname TEXT NOT NULL DEFAULT '',
  labels TEXT NOT NULL,
  annotations TEXT NOT NULL DEFAULT '{}',
  generator_url TEXT NOT NULL DEFAULT '',
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  history_id INTEGER,
  last_history_id INTEGER,
  last_notified INTEGER
);
CREATE UNIQUE INDEX external_alerts_fingerprint ON external_alerts (account_id, fingerprint);
CREATE INDEX external_alerts_seen ON external_alerts (account_id, last_seen DESC, id DESC);
CREATE INDEX external_alerts_open ON external_alerts (ends_at) WHERE history_id IS NOT NULL;
ALTER TABLE alert_histories ADD COLUMN external_alert_id INTEGER;
ALTER TABLE alert_histories ADD COLUMN labels TEXT;
ALTER TABLE alert_histories ADD COLUMN generator_url TEXT;
CREATE TABLE ingest_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  lookup TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  created INTEGER NOT NULL,
  created_by INTEGER,
  last_used INTEGER
);
CREATE INDEX ingest_tokens_account ON ingest_tokens (account_id, id);
CREATE UNIQUE INDEX ingest_tokens_account_lookup ON ingest_tokens (account_id, lookup);
CREATE INDEX ingest_tokens_lookup ON ingest_tokens (lookup);
ALTER TABLE silences ADD COLUMN matchers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE notification_settings ADD COLUMN external_alert_users TEXT;
ALTER TABLE notification_settings ADD COLUMN external_alert_interval INTEGER;
`,
    },
  ],
};

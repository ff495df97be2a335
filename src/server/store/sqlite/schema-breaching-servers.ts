import type { SchemaModule } from './migrations';

/**
 * Which servers breached when an incident started (issue 17), and per_server Server Tag alerts: one
 * incident per server of the tag. alert_incidents gains the incident's key, `subject` (0: the alert's
 * one incident, else the server of a per_server alert's); its primary key cannot change in place, so
 * the table is rebuilt (nothing references it) with every column it has: those of module 'alerting'
 * (no later module, incident response, silences and grouping included, adds any to it).
 */
export const breachingServersSchema: SchemaModule = {
  name: 'breaching-servers',
  migrations: [
    {
      version: 1,
      sql: `
ALTER TABLE alerts ADD COLUMN per_server INTEGER NOT NULL DEFAULT 0;
ALTER TABLE alert_histories ADD COLUMN server_id INTEGER;
ALTER TABLE alert_histories ADD COLUMN breaching_servers TEXT NOT NULL DEFAULT '[]';

CREATE TABLE alert_incidents_rebuild (
  account_id INTEGER NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  subject INTEGER NOT NULL DEFAULT 0,
  history_id INTEGER NOT NULL,
  started INTEGER NOT NULL,
  last_notified INTEGER NOT NULL,
  PRIMARY KEY (account_id, alert_id, subject)
) WITHOUT ROWID;
INSERT INTO alert_incidents_rebuild (account_id, alert_id, subject, history_id, started, last_notified)
  SELECT account_id, alert_id, 0, history_id, started, last_notified FROM alert_incidents;
DROP TABLE alert_incidents;
ALTER TABLE alert_incidents_rebuild RENAME TO alert_incidents;
`,
    },
  ],
};

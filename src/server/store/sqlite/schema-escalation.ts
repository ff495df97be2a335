import type { SchemaModule } from './migrations';

/**
 * Escalation policies (issue 19), as PostgreSQL's 0016_escalation: the policies (steps as JSON text,
 * read whole), the alert's escalation_policy (NULL: its users, as before; a policy an alert names
 * cannot be deleted) and incident_escalations, the walk of each open incident through its policy.
 */
export const escalationSchema: SchemaModule = {
  name: 'escalation',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE escalation_policies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  steps TEXT NOT NULL,
  repeat INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX escalation_policies_account ON escalation_policies (account_id, id);
ALTER TABLE alerts ADD COLUMN escalation_policy INTEGER REFERENCES escalation_policies(id);
CREATE INDEX alerts_escalation_policy ON alerts (account_id, escalation_policy) WHERE escalation_policy IS NOT NULL;
CREATE TABLE incident_escalations (
  account_id INTEGER NOT NULL,
  history_id INTEGER NOT NULL REFERENCES alert_histories(id) ON DELETE CASCADE,
  alert_id INTEGER NOT NULL,
  policy_id INTEGER NOT NULL REFERENCES escalation_policies(id) ON DELETE CASCADE,
  step INTEGER NOT NULL DEFAULT 0,
  pass INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, history_id)
);
CREATE INDEX incident_escalations_due ON incident_escalations (due_at);
`,
    },
  ],
};

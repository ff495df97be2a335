import type { SchemaModule } from './migrations';

/**
 * The account's escalation policy for external (Prometheus) alerts, as PostgreSQL's
 * 0018_external_escalation: NULL tells external_alert_users as before; deleting the policy sets it
 * back to NULL.
 */
export const externalEscalationSchema: SchemaModule = {
  name: 'external-escalation',
  migrations: [
    {
      version: 1,
      sql: `ALTER TABLE notification_settings ADD COLUMN external_escalation_policy INTEGER REFERENCES escalation_policies(id) ON DELETE SET NULL;`,
    },
  ],
};

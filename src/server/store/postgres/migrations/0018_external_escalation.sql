-- The account's escalation policy for external (Prometheus) alerts (issue 19; SQLite: module
-- 'external-escalation'): NULL tells external_alert_users as before. Deleting the policy returns the
-- account to its external_alert_users (the column alone is set to NULL).
ALTER TABLE notification_settings ADD COLUMN external_escalation_policy bigint;
ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_external_escalation_policy
  FOREIGN KEY (account_id, external_escalation_policy) REFERENCES escalation_policies (account_id, id) ON DELETE SET NULL (external_escalation_policy);

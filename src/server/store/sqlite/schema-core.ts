import type { SchemaModule } from './migrations';
import { recurringMaintenanceStep } from './schema-recurring-maintenance';

/**
 * The configuration side of the service. Every table carries account_id and every index leads with
 * it, so each query is scoped to one tenant and a PostgreSQL backend can shard by account. Ids are
 * global (one sequence per table), which keeps item paths simple and never reveals per-tenant counts.
 */
export const coreSchema: SchemaModule = {
  name: 'core',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  key_hash TEXT NOT NULL,
  created INTEGER NOT NULL,
  transactions_on INTEGER NOT NULL DEFAULT 0,
  transactions_enabled INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  country_code INTEGER,
  phone_number INTEGER,
  role INTEGER NOT NULL DEFAULT 3,
  is_account_owner INTEGER NOT NULL DEFAULT 0,
  is_account_manager INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_account_email ON users (account_id, email);

CREATE TABLE servers (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  guid TEXT NOT NULL,
  hostname TEXT NOT NULL,
  os TEXT NOT NULL,
  os_detail TEXT NOT NULL DEFAULT '',
  arch TEXT NOT NULL DEFAULT '',
  nickname TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  created INTEGER NOT NULL,
  capacity_mem INTEGER NOT NULL DEFAULT 0,
  capacity_cpu_num INTEGER NOT NULL DEFAULT 0,
  capacity_cpu_freq INTEGER NOT NULL DEFAULT 0,
  capacity_disks TEXT NOT NULL DEFAULT '{}',
  current_version INTEGER NOT NULL DEFAULT 0,
  location_ip TEXT NOT NULL DEFAULT '',
  network_interfaces TEXT NOT NULL DEFAULT '[]',
  last_seen INTEGER,
  deleted_at INTEGER
);
CREATE UNIQUE INDEX servers_account_guid ON servers (account_id, guid);
CREATE INDEX servers_account ON servers (account_id, id);

CREATE TABLE server_tags (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL
);
CREATE INDEX server_tags_account ON server_tags (account_id, id);
CREATE TABLE server_tag_members (
  account_id INTEGER NOT NULL,
  tag_id INTEGER NOT NULL REFERENCES server_tags(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, tag_id, server_id)
);
CREATE INDEX server_tag_members_server ON server_tag_members (account_id, server_id);

CREATE TABLE server_sets (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  auto_detection INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX server_sets_account ON server_sets (account_id, id);
CREATE TABLE server_set_tags (
  account_id INTEGER NOT NULL,
  set_id INTEGER NOT NULL REFERENCES server_sets(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES server_tags(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, set_id, tag_id)
);

CREATE TABLE maintenance_windows (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX maintenance_windows_account ON maintenance_windows (account_id, id);
CREATE TABLE maintenance_window_servers (
  account_id INTEGER NOT NULL,
  window_id INTEGER NOT NULL REFERENCES maintenance_windows(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, window_id, server_id)
);

CREATE TABLE logs (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  source_type TEXT NOT NULL,
  source TEXT NOT NULL,
  "limit" INTEGER NOT NULL DEFAULT 2000,
  updated INTEGER NOT NULL
);
CREATE UNIQUE INDEX logs_identity ON logs (account_id, server_id, source_type, source);
CREATE INDEX logs_account ON logs (account_id, id);

CREATE TABLE buckets (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  create_time INTEGER NOT NULL,
  last_updated INTEGER NOT NULL
);
CREATE UNIQUE INDEX buckets_account_name ON buckets (account_id, name);

CREATE TABLE polled_data_configs (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  file_path TEXT NOT NULL,
  file_type TEXT NOT NULL DEFAULT 'nagios',
  file_contents TEXT NOT NULL,
  frequency INTEGER NOT NULL DEFAULT 300,
  updated INTEGER NOT NULL,
  PRIMARY KEY (account_id, server_id)
);

CREATE TABLE polled_data (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  command_name TEXT NOT NULL,
  command_line TEXT NOT NULL
);
CREATE UNIQUE INDEX polled_data_identity ON polled_data (account_id, server_id, name);

CREATE TABLE applications (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  template INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX applications_account ON applications (account_id, id);
CREATE TABLE application_servers (
  account_id INTEGER NOT NULL,
  application_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, application_id, server_id)
);

CREATE TABLE alerts (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  target TEXT NOT NULL,
  trigger_type TEXT NOT NULL,
  trigger TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  direction TEXT NOT NULL DEFAULT 'above',
  threshold REAL,
  threshold_type TEXT NOT NULL DEFAULT 'static',
  band_value REAL NOT NULL DEFAULT 2.0,
  window_length INTEGER NOT NULL DEFAULT 1,
  window_units TEXT NOT NULL DEFAULT 'h',
  interval INTEGER NOT NULL DEFAULT 10,
  time_above_threshold INTEGER NOT NULL DEFAULT 1,
  num_of_servers INTEGER NOT NULL DEFAULT 1,
  part_name TEXT NOT NULL DEFAULT 'MAX',
  ip_details TEXT NOT NULL DEFAULT '',
  reg_exp TEXT NOT NULL DEFAULT '',
  users TEXT NOT NULL DEFAULT '[]',
  subscribers TEXT,
  last_triggered INTEGER,
  in_incident INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX alerts_account ON alerts (account_id, id);

CREATE TABLE alert_histories (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  alert_id INTEGER NOT NULL,
  start INTEGER NOT NULL,
  "end" INTEGER,
  subject TEXT NOT NULL,
  html TEXT NOT NULL DEFAULT '',
  json TEXT NOT NULL DEFAULT '{}',
  text TEXT NOT NULL DEFAULT '',
  sms TEXT NOT NULL DEFAULT ''
);
CREATE INDEX alert_histories_start ON alert_histories (account_id, start DESC, id DESC);
CREATE INDEX alert_histories_alert ON alert_histories (account_id, alert_id, start DESC);
`,
    },
    {
      // An alert needs at least one user. Deleting a user once left alerts with none (reads skip
      // deleted users); such alerts now notify the account owner by e-mail, as deletes do since.
      version: 2,
      sql: `
UPDATE alerts SET users = json_array(json_object('id', o.id, 'sendemail', json('true'), 'sendsms', json('false'), 'pushnotification', json('false')))
FROM (SELECT account_id, id FROM users WHERE is_account_owner = 1) AS o
WHERE o.account_id = alerts.account_id AND NOT EXISTS (
  SELECT 1 FROM json_each(alerts.users) j JOIN users u ON u.account_id = alerts.account_id AND u.id = json_extract(j.value, '$.id'));
`,
    },
    {
      // A history keeps the name and type of its alert, so it still reads right after the alert is deleted.
      version: 3,
      sql: `
ALTER TABLE alert_histories ADD COLUMN alert_name TEXT NOT NULL DEFAULT '';
ALTER TABLE alert_histories ADD COLUMN alert_type TEXT NOT NULL DEFAULT '';
UPDATE alert_histories SET alert_name = a.name, alert_type = a.type FROM alerts a WHERE a.account_id = alert_histories.account_id AND a.id = alert_histories.alert_id;
`,
    },
    recurringMaintenanceStep,
  ],
};

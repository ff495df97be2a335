import type { SchemaModule } from './migrations';

/** What the alert engine's per-server read (alert-engine.ts, `forServer`) depends on: table, then the columns whose change matters. */
const WATCHED: [table: string, columns: string][] = [
  [
    'alerts',
    `id, account_id, active, name, type, target_id, target, trigger_type, trigger, direction, threshold, threshold_type, band_value,
     window_length, window_units, time_above_threshold, interval, num_of_servers, part_name, ip_details, reg_exp, users, subscribers,
     channels, in_incident, per_server, escalation_policy`,
  ],
  ['server_tag_members', 'account_id, server_id, tag_id'],
  ['application_servers', 'account_id, server_id, application_id'],
  ['polled_data', 'id, account_id, server_id'],
  ['logs', 'id, account_id, server_id'],
];

const bump = (row: 'NEW' | 'OLD') =>
  `INSERT INTO engine_versions (account_id, v) VALUES (${row}.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;`;

const triggers = WATCHED.map(
  ([t, cols]) => `
CREATE TRIGGER engine_versions_${t}_insert AFTER INSERT ON ${t} BEGIN ${bump('NEW')} END;
CREATE TRIGGER engine_versions_${t}_delete AFTER DELETE ON ${t} BEGIN ${bump('OLD')} END;
CREATE TRIGGER engine_versions_${t}_update AFTER UPDATE OF ${cols} ON ${t} BEGIN ${bump('OLD')} ${bump('NEW')} END;`,
).join('\n');

/**
 * A version per account of what decides which alerts concern a server (issue 21: the alert engine read
 * them again with every batch). Triggers bump it on any change of those tables, whichever process
 * makes it, so a cache of the answers stays right with two processes on one file: a reader compares
 * the version it cached with the stored one before each use. SQLite's own bookkeeping: nothing else
 * reads it, and a store moved to PostgreSQL leaves it behind (migration-source.ts). It must stay the
 * last module that touches these tables: a later rebuild of one of them would drop its triggers.
 */
export const engineVersionsSchema: SchemaModule = {
  name: 'engine-versions',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE engine_versions (
  account_id INTEGER PRIMARY KEY,
  v INTEGER NOT NULL
);
${triggers}
`,
    },
  ],
};

import type Database from 'better-sqlite3';
import type { SchemaModule } from './migrations';

const hasColumn = (db: Database.Database, table: string, column: string) =>
  (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);

/**
 * Silences (issue 18), as PostgreSQL's 0009_silences: the silences with their matchers as JSON id
 * lists (read whole by the engine's pure matching), and the callbacks' silenced flag. The history's
 * silenced flag and incident_events are shared with acknowledgement (module 'incident-response'):
 * made here only when absent, with exactly its columns, so whichever module runs first the other
 * finds them.
 */
export const silencesSchema: SchemaModule = {
  name: 'silences',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE silences (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  alerts TEXT NOT NULL DEFAULT '[]',
  servers TEXT NOT NULL DEFAULT '[]',
  server_tags TEXT NOT NULL DEFAULT '[]',
  server_sets TEXT NOT NULL DEFAULT '[]',
  alert_name TEXT NOT NULL DEFAULT '',
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_by INTEGER,
  created INTEGER NOT NULL
);
CREATE INDEX silences_end ON silences (account_id, "end");
ALTER TABLE callback_deliveries ADD COLUMN silenced INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS incident_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  history_id INTEGER NOT NULL REFERENCES alert_histories(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  user_id INTEGER,
  data TEXT NOT NULL DEFAULT '{}',
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS incident_events_history ON incident_events (account_id, history_id, at);
`,
      run: (db) => {
        if (!hasColumn(db, 'alert_histories', 'silenced')) db.exec('ALTER TABLE alert_histories ADD COLUMN silenced INTEGER NOT NULL DEFAULT 0');
      },
    },
  ],
};

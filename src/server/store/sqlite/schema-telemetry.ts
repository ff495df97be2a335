import type { SchemaModule } from './migrations';

/**
 * The telemetry store (issue 3). Per-server tables are keyed (account_id, server_id, time) WITHOUT
 * ROWID so one server's history is contiguous on disk (fast reads); a batch writes one row per table
 * (processes of a minute travel together as one JSON object keyed "<pid>_<create_time>"), which keeps
 * ingest close to raw appends. Rollups (step 3600 and 86400) are kept at ingest: `sums` holds sums and
 * per-field counts so averages stay exact as minutes arrive; `data` holds the averaged record as JSON
 * text, ready to answer without recomputing.
 */
export const telemetrySchema: SchemaModule = {
  name: 'telemetry',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE tm_batches (
  account_id INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  received INTEGER NOT NULL,
  PRIMARY KEY (account_id, batch_id)
) WITHOUT ROWID;
CREATE INDEX tm_batches_received ON tm_batches (received);

CREATE TABLE tm_processes (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  pid INTEGER NOT NULL,
  create_time INTEGER NOT NULL,
  name TEXT NOT NULL,
  args TEXT,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  PRIMARY KEY (account_id, server_id, pid, create_time)
) WITHOUT ROWID;

CREATE TABLE tm_server_latest (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id)
) WITHOUT ROWID;

CREATE TABLE tm_server_minutes (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) WITHOUT ROWID;

CREATE TABLE tm_server_rollups (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  step INTEGER NOT NULL,
  time INTEGER NOT NULL,
  sums TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, step, time)
) WITHOUT ROWID;

CREATE TABLE tm_process_minutes (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) WITHOUT ROWID;

CREATE TABLE tm_process_rollups (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  step INTEGER NOT NULL,
  time INTEGER NOT NULL,
  sums TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, step, time)
) WITHOUT ROWID;

CREATE TABLE tm_process_details (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) WITHOUT ROWID;
`,
    },
  ],
};

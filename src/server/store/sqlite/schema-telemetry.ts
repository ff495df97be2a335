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
    {
      // v2: server rollup sums move to their own table so that reading averages touches small rows only
      // (sums and averages together overflowed a page per row). A trigger keeps the two tables in step
      // for the retention job, which deletes rollups only. Process rollup sums become a BLOB (see
      // telemetry/process-rollup.ts); older JSON rows stay readable as they are.
      version: 2,
      sql: `
CREATE TABLE tm_server_rollup_sums (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  step INTEGER NOT NULL,
  time INTEGER NOT NULL,
  sums TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, step, time)
) WITHOUT ROWID;
INSERT INTO tm_server_rollup_sums (account_id, server_id, step, time, sums)
  SELECT account_id, server_id, step, time, sums FROM tm_server_rollups;

CREATE TABLE tm_server_rollups_v2 (
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  step INTEGER NOT NULL,
  time INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, server_id, step, time)
) WITHOUT ROWID;
INSERT INTO tm_server_rollups_v2 (account_id, server_id, step, time, data)
  SELECT account_id, server_id, step, time, data FROM tm_server_rollups;
DROP TABLE tm_server_rollups;
ALTER TABLE tm_server_rollups_v2 RENAME TO tm_server_rollups;

CREATE TRIGGER tm_server_rollups_delete AFTER DELETE ON tm_server_rollups BEGIN
  DELETE FROM tm_server_rollup_sums
  WHERE account_id = old.account_id AND server_id = old.server_id AND step = old.step AND time = old.time;
END;
`,
    },
  ],
};

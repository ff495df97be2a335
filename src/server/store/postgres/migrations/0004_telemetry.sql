-- Telemetry (SQLite: schema-telemetry.ts). Per-server tables are keyed (account_id, server_id, time) so
-- one server's history is contiguous in the primary key. A batch writes one row per table: the processes
-- of a minute travel together as one JSON object keyed "<pid>_<create_time>".
--
-- Minute tables are partitioned by RANGE (time), one partition per UTC day (<table>_pYYYYMMDD, made by
-- partitions.ts before the write and ahead of time by the retention job); a DEFAULT partition catches a
-- row whose day has no partition yet. Retention drops whole day partitions.
--
-- Rollups: Hour and Day in separate tables (their retention differs). `sums` holds sums and per-field
-- counts so averages stay exact as minutes arrive; `data` holds the averaged record, ready to answer.
--
-- Types: `data` of server records is opaque text (answered verbatim, never queried by SQL); process
-- minutes and details are `json`, which keeps the stored text as written (key order, as SQLite answers
-- it) while SQL reads members of it (json_object_keys, ->).

CREATE TABLE tm_batches (
  account_id bigint NOT NULL,
  batch_id text NOT NULL,
  received bigint NOT NULL,
  PRIMARY KEY (account_id, batch_id)
);
CREATE INDEX tm_batches_received ON tm_batches (received);

CREATE TABLE tm_processes (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  pid bigint NOT NULL,
  create_time bigint NOT NULL,
  name text NOT NULL,
  args text,
  first_seen bigint NOT NULL,
  last_seen bigint NOT NULL,
  PRIMARY KEY (account_id, server_id, pid, create_time)
);

CREATE TABLE tm_server_latest (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, server_id)
);

CREATE TABLE tm_server_minutes (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) PARTITION BY RANGE (time);
CREATE TABLE tm_server_minutes_default PARTITION OF tm_server_minutes DEFAULT;

CREATE TABLE tm_server_rollups_hour (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  sums text NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
);
CREATE TABLE tm_server_rollups_day (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  sums text NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
);

CREATE TABLE tm_process_minutes (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  data json NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) PARTITION BY RANGE (time);
CREATE TABLE tm_process_minutes_default PARTITION OF tm_process_minutes DEFAULT;

-- Process rollup sums in the binary layout of telemetry/process-rollup.ts (keys, then float64 sums).
CREATE TABLE tm_process_rollups_hour (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  sums bytea NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
);
CREATE TABLE tm_process_rollups_day (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  sums bytea NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
);

CREATE TABLE tm_process_details (
  account_id bigint NOT NULL,
  server_id bigint NOT NULL,
  time bigint NOT NULL,
  data json NOT NULL,
  PRIMARY KEY (account_id, server_id, time)
) PARTITION BY RANGE (time);
CREATE TABLE tm_process_details_default PARTITION OF tm_process_details DEFAULT;

import type { SchemaModule } from './migrations';

/**
 * Event-like telemetry: log messages and their per-minute counts, polled-data results, socket
 * connections and transaction (AFURL/AFSQL) messages. Child tables lead their keys with the parent id
 * (log_id, polled_id) rather than account_id: SQLite's ON DELETE CASCADE looks children up by that
 * column, and deleting a log must drop its history without a full scan. Every query still filters
 * account_id.
 */
export const eventsSchema: SchemaModule = {
  name: 'events',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE log_counts (
  log_id INTEGER NOT NULL REFERENCES logs(id) ON DELETE CASCADE,
  minute INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  info INTEGER NOT NULL DEFAULT 0,
  warning INTEGER NOT NULL DEFAULT 0,
  critical INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (log_id, minute)
) WITHOUT ROWID;

CREATE TABLE log_messages (
  log_id INTEGER NOT NULL REFERENCES logs(id) ON DELETE CASCADE,
  minute INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  severity INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (log_id, minute, seq)
) WITHOUT ROWID;

CREATE TABLE polled_values (
  polled_id INTEGER NOT NULL REFERENCES polled_data(id) ON DELETE CASCADE,
  minute INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  text TEXT NOT NULL,
  "values" TEXT NOT NULL,
  PRIMARY KEY (polled_id, minute)
) WITHOUT ROWID;

CREATE TABLE socket_connections (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  minute INTEGER NOT NULL,
  pid INTEGER NOT NULL,
  create_time INTEGER NOT NULL,
  role TEXT NOT NULL,
  local_ip TEXT NOT NULL,
  local_port INTEGER NOT NULL,
  peer_ip TEXT NOT NULL,
  peer_port INTEGER NOT NULL,
  state TEXT NOT NULL,
  sent INTEGER NOT NULL,
  recv INTEGER NOT NULL,
  responses INTEGER NOT NULL,
  response_time_us INTEGER NOT NULL
);
CREATE INDEX socket_connections_local ON socket_connections (account_id, local_ip, local_port, minute);
CREATE INDEX socket_connections_process ON socket_connections (account_id, server_id, pid, minute);
CREATE INDEX socket_connections_minute ON socket_connections (account_id, minute);
CREATE INDEX socket_connections_server ON socket_connections (server_id);

CREATE TABLE transaction_messages (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  log_id INTEGER NOT NULL REFERENCES logs(id) ON DELETE CASCADE,
  minute INTEGER NOT NULL,
  time REAL NOT NULL,
  log_type TEXT NOT NULL,
  event TEXT NOT NULL,
  version INTEGER NOT NULL,
  application TEXT NOT NULL,
  pid INTEGER NOT NULL,
  ppid INTEGER NOT NULL,
  socket INTEGER NOT NULL,
  own_ip TEXT NOT NULL,
  own_port INTEGER NOT NULL,
  peer_ip TEXT NOT NULL,
  peer_port INTEGER NOT NULL,
  statement TEXT NOT NULL,
  duration REAL NOT NULL
);
CREATE INDEX transaction_messages_log ON transaction_messages (log_id, minute);
CREATE INDEX transaction_messages_own ON transaction_messages (account_id, own_ip, own_port, minute);
CREATE INDEX transaction_messages_peer ON transaction_messages (account_id, peer_ip, peer_port, minute);
CREATE INDEX transaction_messages_process ON transaction_messages (account_id, server_id, pid, minute);
`,
    },
    {
      // Process lookups lead with server_id so one index also serves the cascade from servers; a
      // per-minute index serves retention. Fewer indexes keep the ingest of connections cheap.
      version: 2,
      sql: `
DROP INDEX socket_connections_process;
DROP INDEX socket_connections_server;
CREATE INDEX socket_connections_process ON socket_connections (server_id, pid, minute);
DROP INDEX transaction_messages_process;
CREATE INDEX transaction_messages_process ON transaction_messages (server_id, pid, minute);
`,
    },
  ],
};

import type { SchemaModule } from './migrations';

const bump = (table: string, row: 'NEW' | 'OLD') =>
  `INSERT INTO ${table} (account_id, v) VALUES (${row}.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;`;

/** Every column of servers but last_seen, which ingest moves with each batch (the list reads it apart). */
const SERVER_COLUMNS = `id, account_id, guid, hostname, os, os_detail, arch, nickname, description, created, capacity_mem,
  capacity_cpu_num, capacity_cpu_freq, capacity_disks, current_version, location_ip, network_interfaces, deleted_at`;

/**
 * Versions per account of what two lists read, bumped by triggers on any change of it, whichever
 * process or code path makes it, so their pages can be kept while it stands (history-page-cache.ts, server-list-cache.ts):
 * `history_versions` for the alert history list, `server_list_versions` for the server list (all of a
 * server's columns but last_seen). SQLite's own bookkeeping, like engine_versions: a store moved to
 * PostgreSQL leaves them behind (migration-source.ts). It must stay after every module that rebuilds
 * alert_histories or servers, and a column added to servers later must join SERVER_COLUMNS' trigger.
 */
export const listVersionsSchema: SchemaModule = {
  name: 'list-versions',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE history_versions (
  account_id INTEGER PRIMARY KEY,
  v INTEGER NOT NULL
);
CREATE TRIGGER history_versions_insert AFTER INSERT ON alert_histories BEGIN ${bump('history_versions', 'NEW')} END;
CREATE TRIGGER history_versions_delete AFTER DELETE ON alert_histories BEGIN ${bump('history_versions', 'OLD')} END;
CREATE TRIGGER history_versions_update AFTER UPDATE ON alert_histories BEGIN ${bump('history_versions', 'OLD')} ${bump('history_versions', 'NEW')} END;
CREATE TABLE server_list_versions (
  account_id INTEGER PRIMARY KEY,
  v INTEGER NOT NULL
);
CREATE TRIGGER server_list_versions_insert AFTER INSERT ON servers BEGIN ${bump('server_list_versions', 'NEW')} END;
CREATE TRIGGER server_list_versions_delete AFTER DELETE ON servers BEGIN ${bump('server_list_versions', 'OLD')} END;
CREATE TRIGGER server_list_versions_update AFTER UPDATE OF ${SERVER_COLUMNS} ON servers
  BEGIN ${bump('server_list_versions', 'OLD')} ${bump('server_list_versions', 'NEW')} END;
`,
    },
  ],
};

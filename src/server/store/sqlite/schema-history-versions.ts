import type { SchemaModule } from './migrations';

const bump = (row: 'NEW' | 'OLD') =>
  `INSERT INTO history_versions (account_id, v) VALUES (${row}.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;`;

/**
 * A version per account of its alert histories, bumped by triggers on any change of them, whichever
 * process or code path makes it, so the pages of the history list (history-page-cache.ts) can be kept
 * while it stands. SQLite's own bookkeeping, like engine_versions: a store moved to PostgreSQL leaves it
 * behind (migration-source.ts). It must stay after every module that rebuilds alert_histories.
 */
export const historyVersionsSchema: SchemaModule = {
  name: 'history-versions',
  migrations: [
    {
      version: 1,
      sql: `
CREATE TABLE history_versions (
  account_id INTEGER PRIMARY KEY,
  v INTEGER NOT NULL
);
CREATE TRIGGER history_versions_insert AFTER INSERT ON alert_histories BEGIN ${bump('NEW')} END;
CREATE TRIGGER history_versions_delete AFTER DELETE ON alert_histories BEGIN ${bump('OLD')} END;
CREATE TRIGGER history_versions_update AFTER UPDATE ON alert_histories BEGIN ${bump('OLD')} ${bump('NEW')} END;
`,
    },
  ],
};

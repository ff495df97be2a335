import type { TransactionSettingsRepo, TransactionSources } from '../repos/transactions';
import type { Db } from './db';

export function sqliteTransactions(db: Db): TransactionSettingsRepo {
  const flags = db.prepare<[number], { on: number; enabled: number }>(
    'SELECT transactions_on AS "on", transactions_enabled AS enabled FROM accounts WHERE id = ?',
  );
  const setFlags = db.prepare('UPDATE accounts SET transactions_on = ?, transactions_enabled = ? WHERE id = ?');
  // One statement per type: a log for each live server of the account that does not have it yet.
  const createForServers = db.prepare<[string, string, number, number, number | null, number | null]>(
    `INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated)
     SELECT s.account_id, s.id, ?, ?, 2000, ? FROM servers s
     WHERE s.account_id = ? AND s.deleted_at IS NULL AND (? IS NULL OR s.id = ?)
     ON CONFLICT (account_id, server_id, source_type, source) DO NOTHING`,
  );
  // Messages and counts of these logs go with them (ON DELETE CASCADE in the events schema).
  const deleteAll = db.prepare(`DELETE FROM logs WHERE account_id = ? AND source_type IN ('AFSQL', 'AFURL')`);
  // Their Log alerts go too, as when one log is deleted (see target-alerts.ts).
  const deleteAlerts = db.prepare(
    `DELETE FROM alerts WHERE account_id = ? AND type = 'Log' AND target_id IN
       (SELECT CAST(id AS TEXT) FROM logs WHERE account_id = ? AND source_type IN ('AFSQL', 'AFURL'))`,
  );
  const now = () => Math.floor(Date.now() / 1000);

  const createLogs = (accountId: number, sources: TransactionSources, serverId: number | null) => {
    let created = 0;
    for (const [type, source] of Object.entries(sources)) {
      created += createForServers.run(type, source, now(), accountId, serverId, serverId).changes;
    }
    return created;
  };

  const apply = db.transaction(
    (accountId: number, f: { on: boolean; enabled: boolean }, effect: { createLogs?: TransactionSources; deleteLogs?: boolean }) => {
      setFlags.run(f.on ? 1 : 0, f.enabled ? 1 : 0, accountId);
      if (effect.deleteLogs) {
        deleteAlerts.run(accountId, accountId);
        deleteAll.run(accountId);
      }
      if (effect.createLogs) createLogs(accountId, effect.createLogs, null);
    },
  );
  const ensure = db.transaction((accountId: number, serverId: number, sources: TransactionSources) => {
    if (!flags.get(accountId)?.on) return false;
    return createLogs(accountId, sources, serverId) > 0;
  });

  return {
    async get(accountId) {
      const row = flags.get(accountId);
      return { on: row?.on === 1, enabled: row?.enabled === 1 };
    },
    async apply(accountId, f, effect) {
      apply.immediate(accountId, f, effect);
    },
    async ensureServerLogs(accountId, serverId, sources) {
      return ensure.immediate(accountId, serverId, sources);
    },
  };
}

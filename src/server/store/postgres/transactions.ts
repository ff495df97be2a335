import type { TransactionSettingsRepo, TransactionSources } from '../repos/transactions';
import type { Pg, Sql } from './db';
import { deleteLogHistory } from './log-history';

const now = () => Math.floor(Date.now() / 1000);

/**
 * Creates the AFURL and AFSQL logs of every live server of the account (or of one) that lacks them,
 * in one statement; answers how many were created.
 */
function createLogs(sql: Sql, accountId: number, sources: TransactionSources, serverId: number | null): Promise<number> {
  const types = Object.keys(sources);
  return sql.exec(
    `INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated)
     SELECT s.account_id, s.id, t.type, t.source, 2000, $3 FROM servers s
     CROSS JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(type, source, n)
     WHERE s.account_id = $4 AND s.deleted_at IS NULL AND ($5::bigint IS NULL OR s.id = $5)
     ORDER BY t.n, s.id
     ON CONFLICT (account_id, server_id, source_type, source) DO NOTHING`,
    [types, types.map((t) => sources[t as keyof TransactionSources]), now(), accountId, serverId],
  );
}

export function pgTransactions(pg: Pg): TransactionSettingsRepo {
  const flags = (sql: Sql, accountId: number, lock = false) =>
    sql.row<{ on: boolean; enabled: boolean }>(
      `SELECT transactions_on AS "on", transactions_enabled AS enabled FROM accounts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [accountId],
    );

  return {
    async get(accountId) {
      const row = await flags(pg, accountId);
      return { on: row?.on === true, enabled: row?.enabled === true };
    },
    async apply(accountId, f, effect) {
      await pg.tx(async (tx) => {
        await tx.exec('UPDATE accounts SET transactions_on = $1, transactions_enabled = $2 WHERE id = $3', [f.on, f.enabled, accountId]);
        if (effect.deleteLogs) {
          const gone = await tx.rows<{ id: number }>(
            `DELETE FROM logs WHERE account_id = $1 AND source_type IN ('AFSQL', 'AFURL') RETURNING id`,
            [accountId],
          );
          const ids = gone.map((r) => r.id);
          // Their messages and counts go with them, and their Log alerts, as when one log is deleted.
          await deleteLogHistory(tx, accountId, ids);
          await tx.exec(`DELETE FROM alerts WHERE account_id = $1 AND type = 'Log' AND target_id = ANY($2::text[])`, [accountId, ids.map(String)]);
        }
        if (effect.createLogs) await createLogs(tx, accountId, effect.createLogs, null);
      });
    },
    async ensureServerLogs(accountId, serverId, sources) {
      if (!Number.isSafeInteger(serverId)) return false;
      return pg.tx(async (tx) => {
        // The account row's lock orders this against apply(): logs never appear after transactions went off.
        if (!(await flags(tx, accountId, true))?.on) return false;
        return (await createLogs(tx, accountId, sources, serverId)) > 0;
      });
    },
  };
}

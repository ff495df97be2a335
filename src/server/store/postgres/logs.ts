import { LIVE_LOGS as LIVE, LOG_COLUMNS as COLUMNS, type LogRow as Row, toLogRecord as toRecord } from '../common/logs';
import type { LogFields, LogRepo } from '../repos/logs';
import type { Pg, Sql } from './db';
import { deleteLogHistory } from './log-history';
import { deleteAlertsOfTarget } from './target-alerts';
import { isUniqueViolation } from './util';

const now = () => Math.floor(Date.now() / 1000);

const byId = (sql: Sql, accountId: number, id: number) =>
  sql.row<Row>(`SELECT ${COLUMNS} FROM logs l ${LIVE} WHERE l.account_id = $1 AND l.id = $2`, [accountId, id]);
const byIdentity = (sql: Sql, accountId: number, f: LogFields) =>
  sql.row<Row>(
    `SELECT ${COLUMNS} FROM logs l WHERE l.account_id = $1 AND l.server_id = $2 AND l.source_type = $3 AND l.source = $4`,
    [accountId, f.serverId, f.sourceType, f.source],
  );

/** Log sources over the core table `logs` (their messages live in the events tables). */
export function pgLogs(pg: Pg): LogRepo {
  return {
    async list(accountId, filter, paging) {
      // A server id beyond bigint names no server (SQLite compares any number and finds none).
      if (filter.serverId !== undefined && !Number.isSafeInteger(filter.serverId)) return { total: 0, items: [] };
      const conds = ['l.account_id = $1'];
      const args: unknown[] = [accountId];
      if (filter.types) {
        args.push([...filter.types]);
        conds.push(`l.source_type = ANY($${args.length}::text[])`);
      }
      if (filter.serverId !== undefined) {
        args.push(filter.serverId);
        conds.push(`l.server_id = $${args.length}`);
      }
      const where = conds.join(' AND ');
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM logs l ${LIVE} WHERE ${where}`, args))!.n;
      const rows = await pg.rows<Row>(
        `SELECT ${COLUMNS} FROM logs l ${LIVE} WHERE ${where} ORDER BY l.id LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
        [...args, paging.limit, paging.page * paging.limit],
      );
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await byId(pg, accountId, id);
      return row ? toRecord(row) : null;
    },
    async create(accountId, f) {
      return pg.tx(async (tx) => {
        const n = await tx.exec(
          `INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (account_id, server_id, source_type, source) DO NOTHING`,
          [accountId, f.serverId, f.sourceType, f.source, f.limit, now()],
        );
        const row = (await byIdentity(tx, accountId, f))!;
        return { record: toRecord(row), created: n > 0 };
      });
    },
    async update(accountId, id, f) {
      if (!Number.isSafeInteger(id)) return { status: 'missing' };
      const attempt = () => pg.tx(async (tx) => {
        // Locks the row, so a concurrent update of the same log waits and then sees this one's result.
        const locked = await tx.row('SELECT 1 FROM logs WHERE account_id = $1 AND id = $2 FOR UPDATE', [accountId, id]);
        if (!locked || !(await byId(tx, accountId, id))) return { status: 'missing' as const };
        const clash = await byIdentity(tx, accountId, f);
        if (clash && clash.id !== id) return { status: 'duplicate' as const, id: clash.id };
        await tx.exec(
          `UPDATE logs SET server_id = $1, source_type = $2, source = $3, "limit" = $4, updated = $5 WHERE account_id = $6 AND id = $7`,
          [f.serverId, f.sourceType, f.source, f.limit, now(), accountId, id],
        );
        return { status: 'updated' as const, record: toRecord((await byId(tx, accountId, id))!) };
      });
      try {
        return await attempt();
      } catch (err) {
        // Another log took this identity between the check and the write: answer as the check would now.
        if (!isUniqueViolation(err)) throw err;
        return attempt();
      }
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return pg.tx(async (tx) => {
        const gone = (await tx.exec('DELETE FROM logs WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
        if (gone) {
          await deleteLogHistory(tx, accountId, [id]);
          await deleteAlertsOfTarget(tx, accountId, 'Log', id);
        }
        return gone;
      });
    },
    async forServer(accountId, serverId) {
      if (!Number.isSafeInteger(serverId)) return [];
      const rows = await pg.rows<Row>(`SELECT ${COLUMNS} FROM logs l WHERE l.account_id = $1 AND l.server_id = $2 ORDER BY l.id`, [
        accountId,
        serverId,
      ]);
      return rows.map(toRecord);
    },
  };
}

import { LIVE_LOGS, LOG_COLUMNS, toLogRecord, type LogRow } from '../common/logs';
import type { LogFields, LogRepo } from '../repos/logs';
import type { Db } from './db';
import { deleteAlertsOfTarget } from './target-alerts';

export function sqliteLogs(db: Db): LogRepo {
  const byId = db.prepare<[number, number], LogRow>(`SELECT ${LOG_COLUMNS} FROM logs l ${LIVE_LOGS} WHERE l.account_id = ? AND l.id = ?`);
  const byIdentity = db.prepare<[number, number, string, string], LogRow>(
    `SELECT ${LOG_COLUMNS} FROM logs l WHERE l.account_id = ? AND l.server_id = ? AND l.source_type = ? AND l.source = ?`,
  );
  const insert = db.prepare(
    `INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, server_id, source_type, source) DO NOTHING`,
  );
  const now = () => Math.floor(Date.now() / 1000);

  const create = db.transaction((accountId: number, f: LogFields) => {
    const r = insert.run(accountId, f.serverId, f.sourceType, f.source, f.limit, now());
    const row = byIdentity.get(accountId, f.serverId, f.sourceType, f.source)!;
    return { record: toLogRecord(row), created: r.changes > 0 };
  });

  const update = db.transaction((accountId: number, id: number, f: LogFields) => {
    if (!byId.get(accountId, id)) return { status: 'missing' as const };
    const clash = byIdentity.get(accountId, f.serverId, f.sourceType, f.source);
    if (clash && clash.id !== id) return { status: 'duplicate' as const, id: clash.id };
    db.prepare(
      `UPDATE logs SET server_id = ?, source_type = ?, source = ?, "limit" = ?, updated = ? WHERE account_id = ? AND id = ?`,
    ).run(f.serverId, f.sourceType, f.source, f.limit, now(), accountId, id);
    return { status: 'updated' as const, record: toLogRecord(byId.get(accountId, id)!) };
  });

  const remove = db.transaction((accountId: number, id: number) => {
    const gone = db.prepare('DELETE FROM logs WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    if (gone) deleteAlertsOfTarget(db, accountId, 'Log', id);
    return gone;
  });

  return {
    async list(accountId, filter, paging) {
      const conds = ['l.account_id = ?'];
      const args: (number | string)[] = [accountId];
      if (filter.types) {
        conds.push(`l.source_type IN (${filter.types.map(() => '?').join(', ') || 'NULL'})`);
        args.push(...filter.types);
      }
      if (filter.serverId !== undefined) {
        conds.push('l.server_id = ?');
        args.push(filter.serverId);
      }
      const where = conds.join(' AND ');
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM logs l ${LIVE_LOGS} WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], LogRow>(`SELECT ${LOG_COLUMNS} FROM logs l ${LIVE_LOGS} WHERE ${where} ORDER BY l.id LIMIT ? OFFSET ?`)
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toLogRecord) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toLogRecord(row) : null;
    },
    async create(accountId, input) {
      return create.immediate(accountId, input);
    },
    async update(accountId, id, input) {
      return update.immediate(accountId, id, input);
    },
    async delete(accountId, id) {
      return remove(accountId, id);
    },
    async forServer(accountId, serverId) {
      return db
        .prepare<[number, number], LogRow>(`SELECT ${LOG_COLUMNS} FROM logs l WHERE l.account_id = ? AND l.server_id = ? ORDER BY l.id`)
        .all(accountId, serverId)
        .map(toLogRecord);
    },
  };
}

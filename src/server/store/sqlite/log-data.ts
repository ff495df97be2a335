import type { SeriesWindow } from '../../../shared/timeseries';
import { all, bounded, SEVERITIES } from '../common/log-data';
import type { LogDataRepo, LogMessageRow, LogRef, TransactionMessageRow } from '../repos/log-data';
import type { Db } from './db';

/** Column list of transaction_messages in the repo's row shape. */
export const TRANSACTION_COLUMNS = `id, server_id AS serverId, log_id AS logId, time, log_type AS logType, event, version,
  application, pid, ppid, socket, own_ip AS ownIp, own_port AS ownPort, peer_ip AS peerIp, peer_port AS peerPort,
  statement, duration`;

/** Log summaries and messages over SQLite (tables of the events schema). */
export function sqliteLogData(db: Db): LogDataRepo {
  // A deleted server's logs answer as missing, like the server itself.
  const logStmt = db.prepare<[number, number], LogRef>(
    `SELECT l.id, l.server_id AS serverId, l.source_type AS sourceType, l.source FROM logs l
     JOIN servers s ON s.id = l.server_id AND s.account_id = l.account_id AND s.deleted_at IS NULL
     WHERE l.id = ? AND l.account_id = ?`,
  );
  const latestStmt = db.prepare<[number, number], { m: number | null }>(
    'SELECT MAX(minute) AS m FROM log_counts WHERE log_id = ? AND account_id = ? AND info + warning + critical > 0',
  );
  const window = 'log_id = ? AND account_id = ? AND minute BETWEEN ? AND ?';
  const summaryCount = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM log_counts WHERE ${window}`);
  const summaryRows = db.prepare<unknown[], { time: number; info: number; warning: number; critical: number }>(
    `SELECT minute AS time, info, warning, critical FROM log_counts WHERE ${window} ORDER BY minute DESC LIMIT ? OFFSET ?`,
  );
  const sev = '(? IS NULL OR severity = ?)';
  const msgCount = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM log_messages WHERE ${window} AND ${sev}`);
  const msgRows = db.prepare<unknown[], { time: number; severity: number; data: string }>(
    `SELECT time, severity, data FROM log_messages WHERE ${window} AND ${sev}
     ORDER BY minute DESC, seq DESC LIMIT ? OFFSET ?`,
  );
  const txCount = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM transaction_messages WHERE ${window}`);
  const txRows = db.prepare<unknown[], TransactionMessageRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transaction_messages WHERE ${window}
     ORDER BY minute DESC, time DESC, id DESC LIMIT ? OFFSET ?`,
  );

  return {
    async log(accountId, logId) {
      return logStmt.get(logId, accountId) ?? null;
    },
    async latestMinute(accountId, logId) {
      return latestStmt.get(logId, accountId)?.m ?? null;
    },
    async summary(accountId, logId, w: SeriesWindow, range) {
      const args = [logId, accountId, w.from, w.to];
      return {
        total: summaryCount.get(...args)!.n,
        items: summaryRows.all(...args, range.limit, range.offset),
      };
    },
    async messages(accountId, logId, w, opts) {
      const code = opts.severity === undefined ? null : SEVERITIES.indexOf(opts.severity);
      const args = [logId, accountId, w.from, w.to, code, code];
      const range = opts.range ?? all();
      const items: LogMessageRow[] = bounded(msgRows.iterate(...args, range.limit, range.offset), (r) => r.data.length)
        .map((r) => ({ time: r.time, data: r.data, severity: SEVERITIES[r.severity] ?? 'info' }));
      return { total: msgCount.get(...args)!.n, items };
    },
    async transactionMessages(accountId, logId, w, range = all()) {
      const args = [logId, accountId, w.from, w.to];
      const items = bounded(txRows.iterate(...args, range.limit, range.offset), (r) => r.statement.length);
      return { total: txCount.get(...args)!.n, items };
    },
  };
}

import type { SeriesWindow } from '../../../shared/timeseries';
import { all, bounded, SEVERITIES } from '../common/log-data';
import { SCAN_BYTES, type LogDataRepo, type LogMessageRow, type LogRef, type TransactionMessageRow } from '../repos/log-data';
import { minuteRange } from './bounds';
import type { Pg } from './db';


/** Column list of transaction_messages in the repo's row shape. */
export const TRANSACTION_COLUMNS = `id, server_id AS "serverId", log_id AS "logId", time, log_type AS "logType", event, version,
  application, pid, ppid, socket, own_ip AS "ownIp", own_port AS "ownPort", peer_ip AS "peerIp", peer_port AS "peerPort",
  statement, duration`;

/**
 * One page of `select` (ordered by `order`, rows `range`) cut where the text column `textCol` adds up
 * to SCAN_BYTES, as SQLite's reader stops iterating. The database cuts on characters (never more than
 * JavaScript's UTF-16 length), so the rows sent stay bounded; `bounded` then cuts on the same length
 * SQLite's reader counts.
 */
function boundedPage(select: string, order: string, textCol: string, rangeArg: number): string {
  return `SELECT * FROM (
    SELECT p.*, sum(char_length(p.${textCol})) OVER (ORDER BY ${order} ROWS UNBOUNDED PRECEDING) AS scan_bytes
    FROM (${select} ORDER BY ${order} LIMIT $${rangeArg} OFFSET $${rangeArg + 1}) p
  ) b WHERE scan_bytes <= ${SCAN_BYTES} ORDER BY ${order}`;
}

const WINDOW = 'account_id = $1 AND log_id = $2 AND minute BETWEEN $3 AND $4';
const SEV = '($5::smallint IS NULL OR severity = $5)';

/** Log summaries and messages over PostgreSQL (tables of 0006_events). */
export function pgLogData(pg: Pg): LogDataRepo {
  return {
    async log(accountId, logId) {
      if (!Number.isSafeInteger(logId)) return null;
      // A deleted server's logs answer as missing, like the server itself.
      const row = await pg.row<LogRef>(
        `SELECT l.id, l.server_id AS "serverId", l.source_type AS "sourceType", l.source FROM logs l
         JOIN servers s ON s.id = l.server_id AND s.account_id = l.account_id AND s.deleted_at IS NULL
         WHERE l.id = $1 AND l.account_id = $2`,
        [logId, accountId],
      );
      return row ?? null;
    },
    async latestMinute(accountId, logId) {
      const row = await pg.row<{ m: number | null }>(
        'SELECT MAX(minute) AS m FROM log_counts WHERE account_id = $1 AND log_id = $2 AND info + warning + critical > 0',
        [accountId, logId],
      );
      return row?.m ?? null;
    },
    async summary(accountId, logId, w: SeriesWindow, range) {
      const args = [accountId, logId, ...minuteRange(w.from, w.to)];
      const [count, items] = await Promise.all([
        pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM log_counts WHERE ${WINDOW}`, args),
        pg.rows<{ time: number; info: number; warning: number; critical: number }>(
          `SELECT minute AS time, info, warning, critical FROM log_counts WHERE ${WINDOW} ORDER BY minute DESC LIMIT $5 OFFSET $6`,
          [...args, range.limit, range.offset],
        ),
      ]);
      return { total: count!.n, items };
    },
    async messages(accountId, logId, w, opts) {
      const code = opts.severity === undefined ? null : SEVERITIES.indexOf(opts.severity);
      const args = [accountId, logId, w.from, w.to, code];
      const range = opts.range ?? all();
      const select = `SELECT minute, seq, time, severity, data FROM log_messages WHERE ${WINDOW} AND ${SEV}`;
      const [count, rows] = await Promise.all([
        pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM log_messages WHERE ${WINDOW} AND ${SEV}`, args),
        pg.rows<{ time: number; severity: number; data: string }>(boundedPage(select, 'minute DESC, seq DESC', 'data', 6), [
          ...args,
          range.limit,
          range.offset,
        ]),
      ]);
      const items: LogMessageRow[] = bounded(rows.values(), (r) => r.data.length).map((r) => ({
        time: r.time,
        data: r.data,
        severity: SEVERITIES[r.severity] ?? 'info',
      }));
      return { total: count!.n, items };
    },
    async transactionMessages(accountId, logId, w, range = all()) {
      const args = [accountId, logId, ...minuteRange(w.from, w.to)];
      const select = `SELECT minute, ${TRANSACTION_COLUMNS} FROM transaction_messages WHERE ${WINDOW}`;
      const [count, rows] = await Promise.all([
        pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM transaction_messages WHERE ${WINDOW}`, args),
        pg.rows<TransactionMessageRow & { minute?: number; scan_bytes?: number }>(
          boundedPage(select, 'minute DESC, time DESC, id DESC', 'statement', 5),
          [...args, range.limit, range.offset],
        ),
      ]);
      const items = bounded(rows.values(), (r) => r.statement.length).map(({ minute: _m, scan_bytes: _b, ...r }) => r);
      return { total: count!.n, items };
    },
  };
}

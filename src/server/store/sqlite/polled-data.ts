import { POLLED_ALERT_TYPE, withAlertIds, type ItemRow } from '../common/polled-data';
import { parseJson } from '../common/util';
import type { PolledDataRepo, PolledItemRecord, PolledMinuteRow, PolledValueRow } from '../repos/polled-data';
import type { Db } from './db';

/** Polled data items and their minute results over SQLite. */
export function sqlitePolledData(db: Db): PolledDataRepo {
  const base = `SELECT p.id, p.name, p.server_id, s.hostname AS server_hostname, p.command_name, p.command_line
    FROM polled_data p JOIN servers s ON s.id = p.server_id AND s.account_id = p.account_id AND s.deleted_at IS NULL
    WHERE p.account_id = ?`;
  const countStmt = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n FROM (${base})`);
  const pageStmt = db.prepare<[number, number, number], ItemRow>(`${base} ORDER BY p.id LIMIT ? OFFSET ?`);
  const getStmt = db.prepare<[number, number], ItemRow>(`${base} AND p.id = ?`);
  const alertsStmt = db.prepare<[number, string], { id: number; target: string }>(
    `SELECT id, target_id AS target FROM alerts WHERE account_id = ? AND type = ? ORDER BY id`,
  );
  const latestStmt = db.prepare<[number, number], { m: number | null }>(
    'SELECT MAX(minute) AS m FROM polled_values WHERE polled_id = ? AND account_id = ?',
  );
  const window = 'polled_id = ? AND account_id = ? AND minute BETWEEN ? AND ?';
  const dataCount = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM polled_values WHERE ${window}`);
  const dataRows = db.prepare<unknown[], { time: number; status: PolledMinuteRow['status']; text: string; v: string }>(
    `SELECT minute AS time, status, text, "values" AS v FROM polled_values WHERE ${window}
     ORDER BY minute DESC LIMIT ? OFFSET ?`,
  );

  function withAlerts(accountId: number, rows: ItemRow[]): PolledItemRecord[] {
    if (rows.length === 0) return [];
    return withAlertIds(rows, alertsStmt.all(accountId, POLLED_ALERT_TYPE));
  }

  return {
    async list(accountId, paging) {
      const rows = pageStmt.all(accountId, paging.limit, paging.page * paging.limit);
      return { total: countStmt.get(accountId)!.n, items: withAlerts(accountId, rows) };
    },
    async get(accountId, id) {
      const row = getStmt.get(accountId, id);
      return row ? withAlerts(accountId, [row])[0]! : null;
    },
    async latestMinute(accountId, id) {
      return latestStmt.get(id, accountId)?.m ?? null;
    },
    async data(accountId, id, w, paging) {
      const args = [id, accountId, w.from, w.to];
      const items = dataRows
        .all(...args, paging.limit, paging.page * paging.limit)
        .map((r) => ({ time: r.time, status: r.status, text: r.text, values: parseJson<PolledValueRow[]>(r.v, []) }));
      return { total: dataCount.get(...args)!.n, items };
    },
  };
}

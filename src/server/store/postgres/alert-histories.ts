import type { AlertHistoryRepo } from '../repos/alert-histories';
import { HISTORY_SELECT, SUMMARY_SELECT, toHistory, toSummary, type HistoryRow, type SummaryRow } from '../common/history-rows';
import { pageTotal } from '../common/util';
import type { Pg } from './db';

export function pgAlertHistories(pg: Pg): AlertHistoryRepo {
  return {
    async list(accountId, filter, paging) {
      const args: unknown[] = [accountId, filter.end];
      let where = 'account_id = $1 AND start <= $2';
      if (filter.start !== undefined) {
        args.push(filter.start);
        where += ` AND start >= $${args.length}`;
      }
      if (filter.open !== undefined) where += filter.open ? ' AND "end" IS NULL' : ' AND "end" IS NOT NULL';
      if (filter.alertIds) {
        // Ids beyond bigint match no alert (as on SQLite), rather than failing the parameter.
        args.push(filter.alertIds.filter((id) => Number.isSafeInteger(id)));
        where += ` AND alert_id = ANY($${args.length}::bigint[])`;
      }
      const n = args.length;
      // One more row than the page: when it does not come, the page tells the total and COUNT is not run.
      const rows = await pg.rows<SummaryRow>(`${SUMMARY_SELECT} WHERE ${where} ORDER BY start DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...args,
        paging.limit + 1,
        paging.page * paging.limit,
      ]);
      const total = await pageTotal(rows, paging, async () => (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM alert_histories WHERE ${where}`, args))!.n);
      return { total, items: rows.map(toSummary) };
    },
    async get(accountId, id) {
      const row = await pg.row<HistoryRow>(`${HISTORY_SELECT} WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return row ? toHistory(row) : null;
    },
    async createHistory(accountId, h) {
      const r = await pg.row<{ id: number }>(
        `INSERT INTO alert_histories (account_id, alert_id, start, subject, html, json, text, sms, alert_name, alert_type)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8,
                coalesce((SELECT name FROM alerts WHERE account_id = $1 AND id = $2), ''),
                coalesce((SELECT type FROM alerts WHERE account_id = $1 AND id = $2), '')
         RETURNING id`,
        [accountId, h.alertId, h.start, h.subject, h.html, h.json, h.text, h.sms],
      );
      return r!.id;
    },
    async endHistory(accountId, id, end) {
      return (await pg.exec('UPDATE alert_histories SET "end" = $3 WHERE account_id = $1 AND id = $2', [accountId, id, end])) > 0;
    },
    async openFor(accountId, alertId) {
      const row = await pg.row<HistoryRow>(`${HISTORY_SELECT} WHERE account_id = $1 AND alert_id = $2 AND "end" IS NULL ORDER BY start DESC, id DESC LIMIT 1`, [
        accountId,
        alertId,
      ]);
      return row ? toHistory(row) : null;
    },
  };
}

import type { AlertHistoryRepo } from '../repos/alert-histories';
import { HISTORY_SELECT, SUMMARY_SELECT, toHistory, toSummary, type HistoryRow, type SummaryRow } from '../common/history-rows';
import { pageTotal } from '../common/util';
import type { Db } from './db';
import { stmt } from './telemetry/statements';

export function sqliteAlertHistories(db: Db): AlertHistoryRepo {
  const byId = db.prepare<[number, number], HistoryRow>(`${HISTORY_SELECT} WHERE account_id = ? AND id = ?`);

  return {
    async list(accountId, filter, paging) {
      let where = 'account_id = ? AND start <= ?';
      const args: (number | string)[] = [accountId, filter.end];
      if (filter.start !== undefined) {
        where += ' AND start >= ?';
        args.push(filter.start);
      }
      if (filter.open !== undefined) where += filter.open ? ' AND "end" IS NULL' : ' AND "end" IS NOT NULL';
      if (filter.alertIds) {
        where += ' AND alert_id IN (SELECT value FROM json_each(?))';
        args.push(JSON.stringify(filter.alertIds));
      }
      // The filters make a few distinct texts: each is prepared once (a list is a dashboard's most frequent read).
      // One more row than the page: when it does not come, the page tells the total and COUNT is not run.
      const rows = stmt<unknown[], SummaryRow>(db, `${SUMMARY_SELECT} WHERE ${where} ORDER BY start DESC, id DESC LIMIT ? OFFSET ?`).all(...args, paging.limit + 1, paging.page * paging.limit);
      const total = await pageTotal(rows, paging, () => stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM alert_histories WHERE ${where}`).get(...args)!.n);
      return { total, items: rows.map(toSummary) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toHistory(row) : null;
    },
    async createHistory(accountId, h) {
      const r = db
        .prepare(
          `INSERT INTO alert_histories (account_id, alert_id, start, subject, html, json, text, sms, alert_name, alert_type)
           SELECT @a, @alert, @start, @subject, @html, @json, @text, @sms,
                  coalesce((SELECT name FROM alerts WHERE account_id = @a AND id = @alert), ''),
                  coalesce((SELECT type FROM alerts WHERE account_id = @a AND id = @alert), '')`,
        )
        .run({ a: accountId, alert: h.alertId, start: h.start, subject: h.subject, html: h.html, json: h.json, text: h.text, sms: h.sms });
      return Number(r.lastInsertRowid);
    },
    async endHistory(accountId, id, end) {
      return db.prepare('UPDATE alert_histories SET "end" = ? WHERE account_id = ? AND id = ?').run(end, accountId, id).changes > 0;
    },
    async openFor(accountId, alertId) {
      const row = db
        .prepare<[number, number], HistoryRow>(`${HISTORY_SELECT} WHERE account_id = ? AND alert_id = ? AND "end" IS NULL ORDER BY start DESC, id DESC LIMIT 1`)
        .get(accountId, alertId);
      return row ? toHistory(row) : null;
    },
  };
}

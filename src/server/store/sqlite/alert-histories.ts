import type { AlertHistoryRepo } from '../repos/alert-histories';
import { HISTORY_SELECT, toHistory, toSummary, type HistoryRow, type SummaryRow } from '../common/history-rows';
import { pageTotal } from '../common/util';
import type { Db } from './db';
import { historyPageCache } from './history-page-cache';
import { stmt } from './telemetry/statements';

/**
 * A page of histories (without their saved message) as one JSON text SQLite builds, each row an array
 * of the columns: one string and one JSON.parse instead of a 16-property object per row through the
 * driver (as the server list). breaching_servers is embedded when it is stored as a JSON array; any other
 * text reads as '[]', which is what the schema makes of it. labels stay text for labelsOf.
 */
const PAGE_JSON = `json_group_array(json_array(id, alert_id, alert_name, alert_type, start, "end", subject, acknowledged_by, acknowledged_at,
  silenced, trigger_value, server_id, json(iif(json_valid(breaching_servers), iif(json_type(breaching_servers) = 'array', breaching_servers, '[]'), '[]')),
  labels, generator_url) ORDER BY start DESC, id DESC)`;
type Tuple = [number, number, string, string, number, number | null, string, number | null, number | null, number, number | null, number | null, unknown, string | null, string | null];

const fromTuple = (t: Tuple): SummaryRow => ({
  id: t[0],
  alert_id: t[1],
  alert_name: t[2],
  alert_type: t[3],
  start: t[4],
  end: t[5],
  subject: t[6],
  acknowledged_by: t[7],
  acknowledged_at: t[8],
  silenced: t[9],
  trigger_value: t[10],
  server_id: t[11],
  breaching_servers: t[12],
  labels: t[13],
  generator_url: t[14],
});

export function sqliteAlertHistories(db: Db): AlertHistoryRepo {
  const byId = db.prepare<[number, number], HistoryRow>(`${HISTORY_SELECT} WHERE account_id = ? AND id = ?`);
  const pages = historyPageCache(db);

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
      const key = `${filter.open ?? ''}|${filter.alertIds ? args[args.length - 1] : ''}|${paging.limit}|${paging.page}`;
      return pages(accountId, key, filter.start, filter.end, () => {
        // The filters make a few distinct texts: each is prepared once (a list is a dashboard's most frequent read).
        // One more row than the page: when it does not come, the page tells the total and COUNT is not run.
        const page = stmt<unknown[], { page: string }>(db, `SELECT ${PAGE_JSON} AS page FROM (SELECT * FROM alert_histories WHERE ${where} ORDER BY start DESC, id DESC LIMIT ? OFFSET ?)`);
        const rows = (JSON.parse(page.get(...args, paging.limit + 1, paging.page * paging.limit)!.page) as Tuple[]).map(fromTuple);
        const total = pageTotal(rows, paging, () => stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM alert_histories WHERE ${where}`).get(...args)!.n);
        return { total, items: rows.map(toSummary) };
      });
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

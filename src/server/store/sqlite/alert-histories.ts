import { z } from 'zod';
import { breachingServer } from '../../../shared/alert-histories';
import type { AlertHistoryRecord, AlertHistoryRepo } from '../repos/alert-histories';
import type { Db } from './db';

/** A row of alert_histories as both stores read it. */
export interface HistoryRow {
  id: number;
  alert_id: number;
  alert_name: string;
  alert_type: string;
  start: number;
  end: number | null;
  subject: string;
  html: string;
  json: string;
  text: string;
  sms: string;
  server_id: number | null;
  /** JSON text on SQLite, parsed jsonb on PostgreSQL. */
  breaching_servers: unknown;
}

// What a row holds is checked as any input: a malformed value reads as no servers, never a failure.
const storedServers = z.array(breachingServer).catch([]);

function breaching(raw: unknown) {
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      v = [];
    }
  }
  return storedServers.parse(v);
}

/** The columns a history is read with (both stores). */
export const HISTORY_SELECT =
  'SELECT id, alert_id, alert_name, alert_type, start, "end", subject, html, json, text, sms, server_id, breaching_servers FROM alert_histories';

export const toHistory = (r: HistoryRow): AlertHistoryRecord => ({
  id: r.id,
  alertId: r.alert_id,
  alertName: r.alert_name,
  alertType: r.alert_type,
  start: r.start,
  end: r.end,
  subject: r.subject,
  html: r.html,
  json: r.json,
  text: r.text,
  sms: r.sms,
  servers: breaching(r.breaching_servers),
  serverId: r.server_id,
});

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
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM alert_histories WHERE ${where}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], HistoryRow>(`${HISTORY_SELECT} WHERE ${where} ORDER BY start DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toHistory) };
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

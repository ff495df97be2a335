// Shared by both stores (SQLite: sqlite/alert-histories.ts, PostgreSQL: postgres/alert-histories.ts); no statement runs here.
import type { AlertHistoryRecord } from '../repos/alert-histories';

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
}

/** The columns a history is read with (both stores). */
export const HISTORY_SELECT = 'SELECT id, alert_id, alert_name, alert_type, start, "end", subject, html, json, text, sms FROM alert_histories';

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
});

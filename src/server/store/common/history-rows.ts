import { z } from 'zod';
import { breachingServer } from '../../../shared/alert-histories';
import type { AlertHistoryRecord, AlertHistorySummary } from '../repos/alert-histories';
import { labelsOf } from './external-alert-rows';

/** A row of alert_histories as both stores read it (SQLite answers `silenced` as 0/1, PostgreSQL as a boolean). */
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
  acknowledged_by: number | null;
  acknowledged_at: number | null;
  silenced: number | boolean;
  trigger_value: number | null;
  server_id: number | null;
  /** JSON text on SQLite, parsed jsonb on PostgreSQL. */
  breaching_servers: unknown;
  /** An External alert's incident: its label set (JSON text / jsonb) and generatorURL; null otherwise. */
  labels: unknown;
  generator_url: string | null;
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
export const HISTORY_COLUMNS =
  'id, alert_id, alert_name, alert_type, start, "end", subject, html, json, text, sms, acknowledged_by, acknowledged_at, silenced, trigger_value, server_id, breaching_servers, labels, generator_url';
export const HISTORY_SELECT = `SELECT ${HISTORY_COLUMNS} FROM alert_histories`;
/**
 * The columns of a list's history: all but the saved message (html, json, text, sms; most of a row's
 * bytes, and no list answers them).
 */
export const SUMMARY_SELECT = `SELECT ${HISTORY_COLUMNS.replace('html, json, text, sms, ', '')} FROM alert_histories`;

/** A row of SUMMARY_SELECT. */
export type SummaryRow = Omit<HistoryRow, 'html' | 'json' | 'text' | 'sms'>;

export const toSummary = (r: SummaryRow): AlertHistorySummary => ({
  id: r.id,
  alertId: r.alert_id,
  alertName: r.alert_name,
  alertType: r.alert_type,
  start: r.start,
  end: r.end,
  subject: r.subject,
  acknowledgedBy: r.acknowledged_by,
  acknowledgedAt: r.acknowledged_at,
  silenced: r.silenced === true || r.silenced === 1,
  triggerValue: r.trigger_value,
  servers: breaching(r.breaching_servers),
  serverId: r.server_id,
  labels: r.labels === null || r.labels === undefined ? null : labelsOf(r.labels),
  generatorUrl: r.generator_url ?? null,
});

/** A history with its saved message (one history's reads; lists read summaries). */
export const toHistory = (r: HistoryRow): AlertHistoryRecord => ({ ...toSummary(r), html: r.html, json: r.json, text: r.text, sms: r.sms });

import type { BreachingServer } from '../../../shared/alert-histories';
import type { Page, PagingQuery } from '../../../shared/paging';

/** One incident of an alert with its saved message (html, json, text and sms forms). */
export interface AlertHistoryRecord {
  id: number;
  alertId: number;
  /** The alert's name and type when the incident started (kept after the alert is deleted). */
  alertName: string;
  alertType: string;
  start: number;
  end: number | null;
  subject: string;
  html: string;
  json: string;
  text: string;
  sms: string;
  /** The servers that breached at the start, with their values (extension; [] for older incidents). */
  servers: BreachingServer[];
  /** The server of a per_server alert's incident; null for the alert's one incident. */
  serverId: number | null;
  /** Who acknowledged the incident and when (epoch seconds); null when nobody has (or it was un-acknowledged). */
  acknowledgedBy: number | null;
  acknowledgedAt: number | null;
  /** A silence matched the incident: its notifications were held back. */
  silenced: boolean;
  /** The value that crossed the threshold when it triggered (null for triggers without one). */
  triggerValue: number | null;
  /** An External (Prometheus) alert's incident: its label set and generatorURL; null for native alerts' incidents. */
  labels: Record<string, string> | null;
  generatorUrl: string | null;
}

/** A history as lists answer it: without its saved message (GET /alert_histories/{id}/message/ reads that). */
export type AlertHistorySummary = Omit<AlertHistoryRecord, 'html' | 'json' | 'text' | 'sms'>;

export interface NewAlertHistory {
  alertId: number;
  start: number;
  subject: string;
  html: string;
  json: string;
  text: string;
  sms: string;
}

/** Selection by incident start: start (inclusive, optional) to end (inclusive), optional alert ids; `open` true keeps the unended, false the ended. */
export interface AlertHistoryFilter {
  start?: number;
  end: number;
  alertIds?: number[];
  open?: boolean;
}

export interface AlertHistoryRepo {
  /** Most recent incident start first (ties: newest id first). */
  list(accountId: number, filter: AlertHistoryFilter, paging: PagingQuery): Promise<Page<AlertHistorySummary>>;
  get(accountId: number, id: number): Promise<AlertHistoryRecord | null>;
  /** Starts an incident record (end null) and returns its id. */
  createHistory(accountId: number, h: NewAlertHistory): Promise<number>;
  /** Sets the end of an incident; false when no such history of the account. */
  endHistory(accountId: number, id: number, end: number): Promise<boolean>;
  /** The newest history of the alert whose end is null, if any. */
  openFor(accountId: number, alertId: number): Promise<AlertHistoryRecord | null>;
}

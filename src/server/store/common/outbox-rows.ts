// The outbox tables have the same columns on both stores and PostgreSQL's int8 reads as a number
// (postgres/db.ts), so rows map to the repo's types the same way: one mapping for both.
import type { Delivery, PendingNotification } from '../repos/outbox';

/** Rows of the outbox tables as both stores answer them, and their mapping to the repo's types. */
export interface DeliveryRow {
  id: number;
  account_id: number;
  alert_id: number;
  alert_history_id: number | null;
  status: Delivery['status'];
  url: string;
  method: Delivery['method'];
  auth: string | null;
  secret: string | null;
  delivery_id: string;
  state: Delivery['state'];
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created: number;
  delivered_at: number | null;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  silenced: number | boolean;
}

export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  accountId: r.account_id,
  alertId: r.alert_id,
  alertHistoryId: r.alert_history_id,
  status: r.status,
  url: r.url,
  method: r.method,
  auth: r.auth,
  secret: r.secret,
  deliveryId: r.delivery_id,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  lastLatencyMs: r.last_latency_ms,
  created: r.created,
  deliveredAt: r.delivered_at,
  silenced: r.silenced === true || r.silenced === 1,
});

export interface NotificationRow {
  id: number;
  account_id: number;
  channel: PendingNotification['channel'];
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  delivery_id: string;
  attempts: number;
  alert_id: number;
  alert_history_id: number | null;
  created: number;
  group_wait_s: number;
  host: string | null;
}

export const toNotification = (r: NotificationRow): PendingNotification => ({
  id: r.id,
  accountId: r.account_id,
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  html: r.html,
  deliveryId: r.delivery_id,
  attempts: r.attempts,
  alertId: r.alert_id,
  alertHistoryId: r.alert_history_id,
  created: r.created,
});


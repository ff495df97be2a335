import type { Page, PagingQuery } from '../../../shared/paging';

export type CallbackStatus = 'TRIGGERED' | 'RESOLVED' | 'TEST';
export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** One callback to one subscriber for one alert event; times are epoch milliseconds. */
export interface Delivery {
  id: number;
  accountId: number;
  alertId: number;
  alertHistoryId: number | null;
  status: CallbackStatus;
  url: string;
  method: 'get' | 'post';
  auth: string | null;
  secret: string | null;
  deliveryId: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  created: number;
  deliveredAt: number | null;
}

export type NewDelivery = Pick<Delivery, 'alertId' | 'alertHistoryId' | 'status' | 'url' | 'method' | 'auth' | 'secret'>;

export interface AttemptResult {
  state: DeliveryState;
  nextAttemptAt: number;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  at: number;
}

export interface Attempt {
  attempt: number;
  at: number;
  http_status: number | null;
  error: string | null;
  latency_ms: number;
}

export interface NotificationRecord {
  id: number;
  alert_id: number;
  alert_history_id: number | null;
  user_id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  state: string;
  error: string | null;
  created: number;
  sent_at: number | null;
}

/** What deliveries are grouped by for per-host limits: the url's host and port (the url itself when unparsable). */
export function deliveryHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** An e-mail to one user outside any alert. */
export interface UserEmail {
  userId: number;
  recipient: string;
  subject: string;
  text: string;
}

/** Which due deliveries to pick: per-host fairness so one slow subscriber's backlog cannot starve others. */
export interface DueQuery {
  /** Ids already in flight. */
  exclude: number[];
  /** Hosts (deliveryHost) to skip: they are at their limit of attempts in flight. */
  busyHosts: string[];
  /** At most this many rows per host. */
  perHost: number;
}

/** The persistent callback outbox: at-least-once delivery that survives restarts. */
export interface OutboxRepo {
  enqueue(accountId: number, items: NewDelivery[], now: number): Promise<Delivery[]>;
  /** Pending deliveries due at `now`, oldest first, at most q.perHost per host, skipping busy hosts and ids in flight. */
  due(now: number, limit: number, q: DueQuery): Promise<Delivery[]>;
  recordAttempt(id: number, result: AttemptResult): Promise<void>;
  get(accountId: number, id: number): Promise<Delivery | null>;
  attempts(accountId: number, id: number): Promise<Attempt[]>;
  listForAlert(accountId: number, alertId: number, paging: PagingQuery): Promise<Page<Delivery>>;
  /** Puts a delivery back in the queue (same delivery id), due now, with a fresh retry schedule (attempts reset). */
  redeliver(accountId: number, id: number, now: number): Promise<Delivery | null>;
  /** Notifications to users (e-mail, SMS, push), newest first; e-mails are kept here when no SMTP is set. */
  notifications(accountId: number, alertId: number | undefined, paging: PagingQuery): Promise<Page<NotificationRecord>>;
  /**
   * Queues an e-mail to a user that no alert caused (the confirmation of a new profile): a 'pending'
   * notification row (alert_id 0) for the outbox worker to send.
   */
  enqueueUserEmail(accountId: number, mail: UserEmail, now?: number): Promise<NotificationRecord>;
  /** The earliest next_attempt_at of pending deliveries, or null. */
  nextDue(): Promise<number | null>;
}

import type { ChannelEvent } from '../../../shared/channels';
import type { Page, PagingQuery } from '../../../shared/paging';
import type { ChannelIncident, ChannelMessage, ChannelRecord } from './channels';

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
  /** A silence matched the incident: the callback's data says silenced=true. */
  silenced: boolean;
}

export type NewDelivery = Pick<Delivery, 'alertId' | 'alertHistoryId' | 'status' | 'url' | 'method' | 'auth' | 'secret'> & { silenced?: boolean };

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
  /** Stable across attempts: the e-mail's Message-ID, the webhooks' X-Delivery-Id. */
  delivery_id: string | null;
  attempts: number;
  /** How many notifications the grouped message that carried this one told; null when it went alone. */
  group_size: number | null;
}

/** How many rows of one channel are in one state (see OutboxRepo.countsByChannel). */
export interface OutboxCount {
  channel: string;
  state: 'pending' | 'failed';
  n: number;
}

/** What deliveries are grouped by for per-host limits: the url's host and port (the url itself when unparsable). */
export function deliveryHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** An e-mail to one user outside any alert (the confirmation of a new profile). */
export interface UserEmail {
  userId: number;
  recipient: string;
  subject: string;
  text: string;
  /** The transport that sends it (see notifier.ts), or null to keep it in the store. */
  host: string | null;
}

/** A user notification waiting in the outbox to be sent (e-mail, SMS or push). */
export interface PendingNotification {
  id: number;
  accountId: number;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  /** Stable across attempts: the e-mail's Message-ID and the webhooks' X-Delivery-Id. */
  deliveryId: string;
  attempts: number;
  alertId: number;
  alertHistoryId: number | null;
  /** Epoch seconds the notification was queued. */
  created: number;
}

/** Most notifications one grouped message carries; more of the same recipient go in the next one. */
export const MAX_GROUP = 1000;

/**
 * One row of the outbox claimed by a worker: a callback, a user notification, or several notifications
 * to one recipient on one channel that go out as one message (oldest first; at least two).
 */
export type OutboxJob =
  | { kind: 'callback'; delivery: Delivery }
  | { kind: 'notification'; notification: PendingNotification }
  | { kind: 'group'; notifications: PendingNotification[] }
  | { kind: 'channel'; message: ChannelMessage };

/**
 * A message to a channel (Slack, Teams, PagerDuty, webhook) to queue with an incident step, an
 * acknowledgement or an escalation step, inside that step's transaction (the stores' channel writers:
 * sqlite `channelMessageWriter(db)`, postgres `enqueueChannelMessages(tx, ...)`). The payload is built
 * when it is sent, from the channel and the history as they are then. A channel that does not take the
 * event (a webhook is not told ACKNOWLEDGED) or no longer exists gets no message. `silenced`: recorded
 * as silenced, never sent.
 */
export interface NewChannelMessage {
  channelId: number;
  /** null for a TEST message. */
  alertId: number | null;
  historyId: number | null;
  event: ChannelEvent;
  silenced?: boolean;
}

/** What a channel message is sent from: its channel (null once deleted) and its incident (null for a TEST). */
export interface ChannelSendContext {
  channel: ChannelRecord | null;
  incident: ChannelIncident | null;
}

/** What a worker may claim. */
export interface ClaimQuery {
  worker: string;
  nowMs: number;
  /** The claim holds until nowMs + leaseMs; a worker that dies leaves the row to be claimed again then. */
  leaseMs: number;
  limit: number;
  /** At most this many rows per host in flight, across every worker (leases still running count). */
  perHost: number;
  /** Notification channels this worker can send (it has their transport). */
  channels: readonly string[];
  /** Attempts after which a row whose attempt was cut by a crash is failed rather than retried. */
  maxAttempts: number;
}

/**
 * How an attempt ended. `interrupted` is never passed: the claim logs attempts a crash cut short. Every
 * row of a group gets the same result; once sent, each records the group's size and delivery id.
 */
export interface JobResult {
  state: 'delivered' | 'failed' | 'pending';
  nextAttemptAt: number;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  at: number;
  /** A group's message id (its Message-ID / X-Delivery-Id), kept on every row once sent. */
  groupDeliveryId?: string;
}

/**
 * The one outbox of every notification: callbacks and user notifications, each written in the
 * transaction of the event that caused it, claimed by workers under a lease, retried with backoff,
 * delivered at least once with a stable idempotency key.
 */
export interface OutboxRepo {
  enqueue(accountId: number, items: NewDelivery[], now: number): Promise<Delivery[]>;
  /**
   * Claims due rows fairly per host. A row whose previous claim expired (its worker died mid-attempt)
   * gets that attempt logged as interrupted before it is claimed again. A due notification queued
   * with a group window takes, in the same claim, every other pending one of its recipient and channel
   * due within that window (a `group` job); the per-host limit counts the group as one message.
   */
  claim(q: ClaimQuery): Promise<OutboxJob[]>;
  /** Records an attempt of a claimed row and releases the claim (a row another worker claimed since keeps its state). */
  recordAttempt(job: OutboxJob, worker: string, result: JobResult): Promise<void>;
  get(accountId: number, id: number): Promise<Delivery | null>;
  attempts(accountId: number, id: number): Promise<Attempt[]>;
  listForAlert(accountId: number, alertId: number, paging: PagingQuery): Promise<Page<Delivery>>;
  /** Puts a delivery back in the queue (same delivery id), due now, with a fresh retry schedule (attempts reset). */
  redeliver(accountId: number, id: number, now: number): Promise<Delivery | null>;
  /** Notifications to users (e-mail, SMS, push), newest first; e-mails are kept here when no SMTP is set. */
  notifications(accountId: number, alertId: number | undefined, paging: PagingQuery): Promise<Page<NotificationRecord>>;
  /**
   * Queues an e-mail to a user that no alert caused (the confirmation of a new profile): a
   * notification row (alert_id 0), 'pending' for the outbox worker when it has a transport, else 'kept'.
   */
  enqueueUserEmail(accountId: number, mail: UserEmail, now?: number): Promise<NotificationRecord>;
  /** What a claimed channel message is built from, read as it is sent. */
  channelContext(m: ChannelMessage): Promise<ChannelSendContext>;
  /** The earliest next attempt (epoch ms) of rows waiting for a worker, or null. */
  nextDue(channels: readonly string[]): Promise<number | null>;
  /** Rows still to be delivered or sent (callbacks, notifications and channel messages pending). */
  pending(): Promise<number>;
  /**
   * Rows pending or failed across accounts, by channel (`callback`, `email`, `sms`, `push`, and the
   * channel types of channel messages): the operator's view on /metrics, counts only.
   */
  countsByChannel(): Promise<OutboxCount[]>;
  /**
   * When each of the account's incidents started (history id to epoch seconds; missing ids left out):
   * a grouped message links the Incidents page over their starts, which is how the page selects them
   * (a row's `created` is when it was queued, minutes or hours later for late data or a reminder).
   */
  incidentStarts(accountId: number, historyIds: readonly number[]): Promise<Map<number, number>>;
  /**
   * Calls `wake` whenever another process may have queued work here (PostgreSQL: LISTEN/NOTIFY). SQLite
   * does nothing: in-process events and polling find work there. The answer stops listening.
   */
  onWork(wake: () => void): () => Promise<void>;
}

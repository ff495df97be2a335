import type { ChannelEvent, ChannelType, PagerDutySeverity } from '../../../shared/channels';
import type { Page, PagingQuery } from '../../../shared/paging';
import type { BreachingServer } from '../../../shared/alert-histories';

/** Webhook credentials: Basic or a bearer token (secrets, never answered). */
export type WebhookAuth = { type: 'basic'; username: string; password: string } | { type: 'bearer'; token: string };

/** A channel's settings as stored, secrets in the clear (only the sender reads them). */
export type ChannelSettings =
  | { type: 'slack'; webhookUrl: string }
  | { type: 'msteams'; webhookUrl: string }
  /** webhookSecret: the signing secret of a PagerDuty v3 webhook subscription (acknowledgements coming back). */
  | { type: 'pagerduty'; routingKey: string; severity: PagerDutySeverity; webhookSecret?: string }
  | { type: 'webhook'; url: string; auth: WebhookAuth | null };

export interface ChannelRecord {
  id: number;
  accountId: number;
  name: string;
  type: ChannelType;
  settings: ChannelSettings;
  created: number;
  updated: number;
}

/** What create and update write (update keeps the type). */
export interface ChannelWrite {
  name: string;
  settings: ChannelSettings;
}

/** What a channel message says about its incident, read when it is sent (so a retry tells the incident as it now is). */
export interface ChannelIncident {
  historyId: number;
  alertId: number;
  alertName: string;
  alertType: string;
  /** The alert's target and trigger texts; null once the alert is deleted. */
  target: string | null;
  trigger: string | null;
  subject: string;
  /** The saved text message (subject line, then the body). */
  text: string;
  start: number;
  end: number | null;
  value: number | null;
  servers: BreachingServer[];
  /** The server of a per_server incident (its hostname), else null. */
  serverHostname: string | null;
  acknowledgedAt: number | null;
  /** Display name of whoever acknowledged; null when nobody has. */
  acknowledgedBy: string | null;
}

/** A channel message in the outbox; times in epoch milliseconds. */
export interface ChannelMessage {
  id: number;
  accountId: number;
  channelId: number;
  /** The channel's type and name when the message was queued (the timeline names it so after a deletion). */
  channelType: ChannelType;
  channelName: string;
  alertId: number | null;
  historyId: number | null;
  event: ChannelEvent;
  state: 'pending' | 'delivered' | 'failed' | 'silenced';
  /** Stable across attempts: X-Delivery-Id and Idempotency-Key. */
  deliveryId: string;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  created: number;
  deliveredAt: number | null;
}

/** One attempt of a channel message (epoch ms). */
export interface ChannelAttempt {
  attempt: number;
  at: number;
  http_status: number | null;
  error: string | null;
  latency_ms: number;
}

/** The account's channels, and their delivery logs (read from the outbox's channel messages). */
export interface ChannelRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<ChannelRecord>>;
  get(accountId: number, id: number): Promise<ChannelRecord | null>;
  /**
   * A channel by its id alone, whatever its account: only for PagerDuty's signed webhook, which names
   * the channel in its URL and is trusted once the channel's own secret verifies the signature.
   */
  findForWebhook(id: number): Promise<ChannelRecord | null>;
  create(accountId: number, w: ChannelWrite, now: number): Promise<ChannelRecord>;
  update(accountId: number, id: number, w: ChannelWrite, now: number): Promise<ChannelRecord | null>;
  /**
   * Deletes a channel in one transaction: it leaves every alert naming it, and its messages still
   * pending fail ("the channel was deleted"); its delivery log is kept until the account goes.
   */
  delete(accountId: number, id: number, nowMs: number): Promise<boolean>;
  /** Those of the ids that are not channels of the account. */
  missing(accountId: number, ids: readonly number[]): Promise<number[]>;
  /** The channel's messages, newest first. */
  deliveries(accountId: number, channelId: number, paging: PagingQuery): Promise<Page<ChannelMessage>>;
  delivery(accountId: number, channelId: number, id: number): Promise<ChannelMessage | null>;
  attempts(accountId: number, messageId: number): Promise<ChannelAttempt[]>;
  /** Queues a TEST message to the channel through the outbox (null: no such channel). */
  enqueueTest(accountId: number, channelId: number, nowMs: number): Promise<ChannelMessage | null>;
}

import type { AlertHistoryRecord } from './alert-histories';

/** Kinds of incident_events rows (the rest of a timeline comes from the history, notes and the outbox). */
export type IncidentEventKind = 'acknowledged' | 'unacknowledged' | 'silenced' | 'escalated';

/** One row of incident_events; `data` is the kind's details as stored JSON (a silence's id and reason). */
export interface IncidentEventRecord {
  id: number;
  kind: IncidentEventKind;
  userId: number | null;
  userName: string | null;
  data: unknown;
  at: number;
}

export interface NoteRecord {
  id: number;
  historyId: number;
  userId: number | null;
  userName: string | null;
  text: string;
  created: number;
}

/** A notification or callback of the incident as the outbox holds it; times in epoch seconds. */
export interface DeliveryTrace {
  channel: string;
  recipient: string;
  event: string;
  /** The row's state in its table: notifications kept/pending/sent/failed/silenced, callbacks pending/delivered/failed. */
  state: string;
  attempts: number;
  /** The last attempt's error, or the row's. */
  error: string | null;
  deliveryId: string | null;
  created: number;
  /** Time of the last attempt, null before the first. */
  lastAttemptAt: number | null;
  /** Set by notification grouping (issue 18) when one message told several incidents; null otherwise. */
  groupSize: number | null;
}

/** Everything a timeline is assembled from, read in one go. */
export interface TimelineSources {
  history: AlertHistoryRecord;
  events: IncidentEventRecord[];
  notes: NoteRecord[];
  deliveries: DeliveryTrace[];
}

/**
 * An acknowledgement change made outside Fleetwatch (issue 19: PagerDuty's v3 webhook): the channel it
 * came through, which is not told ACKNOWLEDGED back (no echo), and who acted there. Stored as the
 * incident event's data ({source, channel_id, agent}).
 */
export interface AckVia {
  source: 'pagerduty';
  channelId: number;
  agent: string;
}

/** What an acknowledgement change did. */
export type AckOutcome =
  | { kind: 'done'; history: AlertHistoryRecord }
  /** Nothing to change (already in the state asked for): the history as it is. */
  | { kind: 'unchanged'; history: AlertHistoryRecord }
  | { kind: 'resolved'; history: AlertHistoryRecord }
  | { kind: 'missing' };

/** What an inbound channel webhook event asks of an incident (issue 19: PagerDuty's v3 webhook). */
export type WebhookAction =
  | { kind: 'note'; text: string }
  | { kind: 'acknowledged' | 'unacknowledged'; userId: number; via: AckVia };

/** The channel and event a webhook action came with: the event id is acted on once per account and channel. */
export interface WebhookEvent {
  channelId: number;
  eventId: string;
}

/** What a webhook event did: an acknowledgement change, a note, or nothing because its id was acted on before (at `receivedAt`). */
export type WebhookOutcome = AckOutcome | { kind: 'noted'; note: NoteRecord } | { kind: 'duplicate'; receivedAt: number };

/** What acting on an acknowledge link did; `used` names when the link was used before. */
export type TokenAckOutcome = AckOutcome | { kind: 'used'; usedAt: number };

/**
 * Incident response on alert histories: acknowledgement, notes, incident events, the sources of the
 * timeline and the acknowledge links' secret and single use. Every change is one transaction with its
 * incident event.
 */
export interface IncidentRepo {
  /** Acknowledges an open incident as `userId` (an acknowledged one keeps its first acknowledgement). */
  acknowledge(accountId: number, historyId: number, userId: number, at: number, via?: AckVia): Promise<AckOutcome>;
  /** Clears the acknowledgement of an open incident; reminders resume. */
  unacknowledge(accountId: number, historyId: number, userId: number, at: number, via?: AckVia): Promise<AckOutcome>;
  /** Adds a note to an incident (open or ended); null when no such history in the account. A null user: written by Fleetwatch itself. */
  addNote(accountId: number, historyId: number, userId: number | null, text: string, at: number): Promise<NoteRecord | null>;
  /**
   * Appends an event to an incident's timeline (the silences feature records 'silenced' here, and
   * sets the history's `silenced` flag with it); false when no such history in the account.
   */
  appendEvent(accountId: number, historyId: number, e: { kind: IncidentEventKind; userId: number | null; data: unknown; at: number }): Promise<boolean>;
  /** The history, its events and notes, and every notification and callback the outbox holds for it. */
  timelineSources(accountId: number, historyId: number): Promise<TimelineSources | null>;
  /** The account's acknowledge-link signing secret, made on first use (the same for every replica). */
  ackSecret(accountId: number): Promise<string>;
  /** When the link with this nonce was used, or null. */
  tokenUsedAt(accountId: number, nonce: string): Promise<number | null>;
  /**
   * Acknowledges through a link, once: records the nonce as used and acknowledges in one transaction.
   * A resolved or missing incident leaves the link unused.
   */
  acknowledgeByToken(accountId: number, nonce: string, historyId: number, userId: number, at: number): Promise<TokenAckOutcome>;
  /**
   * Acts on a webhook event once: records (account, channel, event id) and makes the change in one
   * transaction; an id already recorded answers `duplicate` and changes nothing (of two deliveries at
   * once, the second waits for the first and finds its id). A missing incident, or an acknowledgement
   * change of a resolved one, leaves the id unrecorded.
   */
  actOnWebhookEvent(accountId: number, historyId: number, event: WebhookEvent, action: WebhookAction, at: number): Promise<WebhookOutcome>;
  /** Forgets webhook event ids received before `before` (the retention job); answers how many went. */
  pruneWebhookEvents(before: number): Promise<number>;
}

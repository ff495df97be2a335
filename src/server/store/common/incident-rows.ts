// Rows of the incident-response tables as both stores read them, and their records.
import type { AckVia, DeliveryTrace, IncidentEventKind, IncidentEventRecord, NoteRecord } from '../repos/incidents';

/** The display name of a user in SQL both stores run: first and last name, else the e-mail. */
export const USER_NAME = `coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`;

/** The stored data of an acknowledgement change: empty from a person, {source, channel_id, agent} from outside (AckVia). */
export const viaData = (via: AckVia | undefined): Record<string, unknown> => (via ? { source: via.source, channel_id: via.channelId, agent: via.agent } : {});

export interface EventRow {
  id: number;
  kind: string;
  user_id: number | null;
  user_name: string | null;
  /** SQLite: JSON text; PostgreSQL: parsed jsonb. */
  data: unknown;
  at: number;
}

const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return {};
  }
};

export const toEvent = (r: EventRow): IncidentEventRecord => ({
  id: r.id,
  kind: r.kind as IncidentEventKind,
  userId: r.user_id,
  userName: r.user_name,
  data: parsed(r.data),
  at: r.at,
});

export interface NoteRow {
  id: number;
  history_id: number;
  user_id: number | null;
  user_name: string | null;
  text: string;
  created: number;
}

export const toNote = (r: NoteRow): NoteRecord => ({ id: r.id, historyId: r.history_id, userId: r.user_id, userName: r.user_name, text: r.text, created: r.created });

/** A notification or callback row of an incident; `created` and `last_at` as stored (see `ms`). */
export interface TraceRow {
  channel: string;
  recipient: string;
  event: string | null;
  state: string;
  attempts: number;
  error: string | null;
  delivery_id: string | null;
  created: number;
  last_at: number | null;
  /** 1 when `created` is in epoch milliseconds (callbacks, channel messages), 0 for seconds (notifications). */
  created_ms: number;
  /** How many incidents the grouped message that carried it told (null: sent alone, or a callback). */
  group_size: number | null;
}

export const toTrace = (r: TraceRow): DeliveryTrace => ({
  channel: r.channel,
  recipient: r.recipient,
  event: r.event ?? '',
  state: r.state,
  attempts: r.attempts,
  error: r.error,
  deliveryId: r.delivery_id,
  created: r.created_ms ? Math.floor(r.created / 1000) : r.created,
  // Attempt logs of both tables keep epoch milliseconds.
  lastAttemptAt: r.last_at === null ? null : Math.floor(r.last_at / 1000),
  groupSize: r.group_size,
});

// Rows of the channel tables as both stores answer them (SQLite: JSON text; PostgreSQL: parsed jsonb
// and int8 read as numbers), and their mapping to the repo's types.
import { z } from 'zod';
import { breachingServer } from '../../../shared/alert-histories';
import { CHANNEL_EVENTS, CHANNEL_TYPES, PAGERDUTY_SEVERITIES } from '../../../shared/channels';
import type { ChannelIncident, ChannelMessage, ChannelRecord, ChannelSettings } from '../repos/channels';

const settingsSchema: z.ZodType<ChannelSettings> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('slack'), webhookUrl: z.string() }),
  z.object({ type: z.literal('msteams'), webhookUrl: z.string() }),
  z.object({ type: z.literal('pagerduty'), routingKey: z.string(), severity: z.enum(PAGERDUTY_SEVERITIES), webhookSecret: z.string().optional() }),
  z.object({
    type: z.literal('webhook'),
    url: z.string(),
    auth: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('basic'), username: z.string(), password: z.string() }),
        z.object({ type: z.literal('bearer'), token: z.string() }),
      ])
      .nullable(),
  }),
]);

const json = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
};

export interface ChannelRow {
  id: number;
  account_id: number;
  name: string;
  type: string;
  settings: unknown;
  created: number;
  updated: number;
}

/** A stored channel; settings that no longer parse (written by hand) throw, naming the channel. */
export function toChannel(r: ChannelRow): ChannelRecord {
  const settings = settingsSchema.safeParse(json(r.settings));
  if (!settings.success) throw new Error(`channel ${r.id}: stored settings are not valid`);
  return { id: Number(r.id), accountId: Number(r.account_id), name: r.name, type: z.enum(CHANNEL_TYPES).parse(r.type), settings: settings.data, created: Number(r.created), updated: Number(r.updated) };
}

export interface ChannelMessageRow {
  id: number;
  account_id: number;
  channel_id: number;
  channel_type: string;
  channel_name: string;
  alert_id: number | null;
  alert_history_id: number | null;
  event: string;
  state: string;
  delivery_id: string;
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created: number;
  delivered_at: number | null;
}

const STATES = ['pending', 'delivered', 'failed', 'silenced'] as const;

export const toChannelMessage = (r: ChannelMessageRow): ChannelMessage => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  channelId: Number(r.channel_id),
  channelType: z.enum(CHANNEL_TYPES).parse(r.channel_type),
  channelName: r.channel_name,
  alertId: r.alert_id === null ? null : Number(r.alert_id),
  historyId: r.alert_history_id === null ? null : Number(r.alert_history_id),
  event: z.enum(CHANNEL_EVENTS).parse(r.event),
  state: z.enum(STATES).parse(r.state),
  deliveryId: r.delivery_id,
  attempts: Number(r.attempts),
  nextAttemptAt: Number(r.next_attempt_at),
  lastStatus: r.last_status === null ? null : Number(r.last_status),
  lastError: r.last_error,
  lastLatencyMs: r.last_latency_ms === null ? null : Number(r.last_latency_ms),
  created: Number(r.created),
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
});

/** The per-host limit of channel messages counts per channel: one slow receiver holds up only its own. */
export const channelHost = (channelId: number) => `channel:${channelId}`;

/** The columns of a channel message's incident (both stores; `h` the history, `a` its alert, `s` its server, `u` who acknowledged). */
export const CHANNEL_INCIDENT_SELECT = `SELECT h.id, h.alert_id, h.alert_name, h.alert_type, h.subject, h.text, h.start, h."end", h.trigger_value,
    h.breaching_servers, h.acknowledged_at, a.target, a."trigger", s.hostname AS server_hostname,
    CASE WHEN u.id IS NULL THEN NULL ELSE coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) END AS acknowledged_name
  FROM alert_histories h
  LEFT JOIN alerts a ON a.account_id = h.account_id AND a.id = h.alert_id
  LEFT JOIN servers s ON s.account_id = h.account_id AND s.id = h.server_id
  LEFT JOIN users u ON u.account_id = h.account_id AND u.id = h.acknowledged_by`;

export interface ChannelIncidentRow {
  id: number;
  alert_id: number;
  alert_name: string;
  alert_type: string;
  subject: string;
  text: string;
  start: number;
  end: number | null;
  trigger_value: number | null;
  breaching_servers: unknown;
  acknowledged_at: number | null;
  target: string | null;
  trigger: string | null;
  server_hostname: string | null;
  acknowledged_name: string | null;
}

const servers = z.array(breachingServer).catch([]);

export const toChannelIncident = (r: ChannelIncidentRow): ChannelIncident => ({
  historyId: Number(r.id),
  alertId: Number(r.alert_id),
  alertName: r.alert_name,
  alertType: r.alert_type,
  target: r.target,
  trigger: r.trigger,
  subject: r.subject,
  text: r.text,
  start: Number(r.start),
  end: r.end === null ? null : Number(r.end),
  value: r.trigger_value,
  servers: servers.parse(json(r.breaching_servers) ?? []),
  serverHostname: r.server_hostname,
  acknowledgedAt: r.acknowledged_at === null ? null : Number(r.acknowledged_at),
  acknowledgedBy: r.acknowledged_name,
});

/** An alert's channel ids as either store answers them (SQLite: JSON text; PostgreSQL: bigint[], read as text or numbers). */
export function channelIds(v: unknown): number[] {
  const list = json(v);
  return (Array.isArray(list) ? list : []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

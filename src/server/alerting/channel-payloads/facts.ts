import type { ChannelEvent } from '../../../shared/channels';
import type { ChannelIncident } from '../../store/repos/channels';
import { serverLabel } from '../breaching';

/** What every channel payload is built from, when the message is sent. */
export interface PayloadInput {
  event: ChannelEvent;
  accountId: number;
  channelName: string;
  /** The message's stable delivery id. */
  deliveryId: string;
  /** The incident as it is now; null for a TEST message. */
  incident: ChannelIncident | null;
  /** The dashboard's public address (PUBLIC_URL), without a trailing slash. */
  baseUrl: string;
  /** Epoch seconds now (a TEST message's time). */
  now: number;
}

/** The facts a message shows, in plain text (each format escapes them its own way). */
export interface MessageFacts {
  /** "Triggered: CPU high", "Resolved: CPU high", "Acknowledged: CPU high", "Test from Fleetwatch". */
  title: string;
  status: string;
  alert: string;
  target: string;
  value: string;
  /** Epoch seconds of the event (start, end, acknowledgement, or now). */
  time: number;
  /** The saved message's subject line and body. */
  summary: string;
  description: string;
  links: { incident: string; acknowledge: string } | null;
}

const STATUS: Record<ChannelEvent, string> = { TRIGGERED: 'Triggered', RESOLVED: 'Resolved', ACKNOWLEDGED: 'Acknowledged', TEST: 'Test' };

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The dashboard's links of an incident: its page, and the same page asking to acknowledge (sign-in applies). */
export function incidentLinks(baseUrl: string, historyId: number) {
  const incident = `${baseUrl}/incidents/${historyId}`;
  return { incident, acknowledge: `${incident}?acknowledge=1` };
}

/** Where the incident happened: a per_server incident's server, a tag's breaching servers, else the alert's target. */
export function targetOf(i: ChannelIncident): string {
  if (i.serverHostname) return i.target ? `${i.serverHostname} (${i.target})` : i.serverHostname;
  if (i.servers.length > 1 || (i.servers.length === 1 && !i.target)) {
    const names = i.servers.slice(0, 5).map((s) => (s.value === null ? serverLabel(s) : `${serverLabel(s)} (${round2(s.value)})`));
    const more = i.servers.length > 5 ? ` and ${i.servers.length - 5} more` : '';
    return `${i.target ? `${i.target}: ` : ''}${names.join(', ')}${more}`;
  }
  return i.target ?? i.alertType;
}

/** The body of the saved text message: what follows its subject line. */
const bodyOf = (i: ChannelIncident) => (i.text.startsWith(i.subject) ? i.text.slice(i.subject.length) : i.text).trim();

export function messageFacts(m: PayloadInput): MessageFacts {
  const i = m.incident;
  if (!i) {
    return {
      title: 'Test from Fleetwatch',
      status: 'Test',
      alert: 'Test message',
      target: `channel ${m.channelName}`,
      value: '-',
      time: m.now,
      summary: `Fleetwatch test message to channel ${m.channelName}: delivery works.`,
      description: 'Sent with "Send test"; no incident is open.',
      links: null,
    };
  }
  const acked = m.event === 'ACKNOWLEDGED' ? ` by ${i.acknowledgedBy ?? 'someone'}` : '';
  const time = m.event === 'RESOLVED' ? (i.end ?? m.now) : m.event === 'ACKNOWLEDGED' ? (i.acknowledgedAt ?? m.now) : i.start;
  return {
    title: `${STATUS[m.event]}: ${i.alertName}`,
    status: `${STATUS[m.event]}${acked}`,
    alert: i.alertName,
    target: targetOf(i),
    value: i.value === null ? '-' : String(round2(i.value)),
    time,
    summary: i.subject,
    description: bodyOf(i),
    links: incidentLinks(m.baseUrl, i.historyId),
  };
}

/** A stable key of an incident across channels and retries (PagerDuty's dedup_key, the webhook's groupKey). */
export const incidentKey = (accountId: number, historyId: number) => `fleetwatch-${accountId}-${historyId}`;

/**
 * The account and history an incidentKey names, or null for anything else: exactly
 * `fleetwatch-<id>-<id>`, decimal ids without leading zeros, safe integers (what PagerDuty echoes as incident_key).
 */
export function parseIncidentKey(key: string): { accountId: number; historyId: number } | null {
  const m = /^fleetwatch-([1-9]\d{0,14})-([1-9]\d{0,14})$/.exec(key);
  if (!m) return null;
  return { accountId: Number(m[1]), historyId: Number(m[2]) };
}

export const isoTime = (t: number) => new Date(t * 1000).toISOString();

/** Cuts text to `max` characters, an ellipsis marking the cut. */
export const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

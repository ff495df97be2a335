import type { TimelineEvent } from '../../shared/incident-response';
import type { EscalatedEventData } from '../store/repos/escalations';
import type { DeliveryTrace, TimelineSources } from '../store/repos/incidents';

const MASK = '***';

/**
 * A callback URL as the timeline shows it to every role: credentials in it, query values and long
 * path segments (webhook tokens such as Slack's /services/T.../B.../<token>) are masked.
 */
export function maskUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return MASK;
  }
  const auth = u.username || u.password ? `${MASK}@` : '';
  const path = u.pathname
    .split('/')
    .map((s) => (s.length >= 16 && /\d/.test(s) && /[A-Za-z]/.test(s) ? MASK : s))
    .join('/');
  const query = [...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=${MASK}`).join('&');
  return `${u.protocol}//${auth}${u.host}${path}${query ? `?${query}` : ''}`;
}

/** The outcome of an outbox row in the timeline's words. */
function outcome(t: DeliveryTrace): Extract<TimelineEvent, { kind: 'notification' }>['outcome'] {
  if (t.state === 'sent' || t.state === 'delivered') return 'sent';
  if (t.state === 'failed' || t.state === 'silenced') return t.state;
  if (t.state === 'pending' && t.error?.startsWith('interrupted')) return 'interrupted';
  return 'pending';
}

/** The event a notification told, for rows written before the outbox recorded it. */
const eventOf = (t: DeliveryTrace, first: number) => t.event || (t.created <= first ? 'TRIGGERED' : 'REMINDER');

/** Order of kinds at the same second: the story reads triggered, told, handled, resolved. */
const RANK: Record<TimelineEvent['kind'], number> = { triggered: 0, silenced: 1, escalated: 2, notification: 2, acknowledged: 3, unacknowledged: 3, note: 4, resolved: 5 };

/**
 * The timeline of an incident, oldest first: triggered (with its value), each notification and
 * callback as the outbox records it (its time is its last attempt's, or when it was queued), the
 * acknowledgement changes, silences and notes, and resolved. Nothing here is stored twice: the
 * notifications are read from the outbox tables.
 */
export function assembleTimeline(s: TimelineSources): TimelineEvent[] {
  const h = s.history;
  const firstQueued = Math.min(...s.deliveries.map((d) => d.created));
  const out: TimelineEvent[] = [{ kind: 'triggered', at: h.start, subject: h.subject, value: h.triggerValue, detail: detailOf(h.text, h.subject) }];
  for (const d of s.deliveries) {
    out.push({
      kind: 'notification',
      at: d.lastAttemptAt ?? d.created,
      channel: d.channel,
      recipient: d.channel === 'callback' ? maskUrl(d.recipient) : d.recipient,
      event: eventOf(d, firstQueued),
      outcome: outcome(d),
      attempts: d.attempts,
      error: d.error,
      delivery_id: d.deliveryId,
      group_size: d.groupSize,
    });
  }
  for (const e of s.events) {
    if (e.kind === 'silenced') {
      const data = (e.data ?? {}) as { silence_id?: unknown; reason?: unknown };
      out.push({ kind: 'silenced', at: e.at, silence_id: typeof data.silence_id === 'number' ? data.silence_id : 0, reason: typeof data.reason === 'string' ? data.reason : '' });
    } else if (e.kind === 'escalated') out.push(escalatedEvent(e.at, e.data));
    else out.push(ackEvent(e.kind, e.at, e.userId, e.userName, e.data));
  }
  for (const n of s.notes) out.push({ kind: 'note', at: n.created, id: n.id, text: n.text, user_id: n.userId, user_name: n.userName });
  if (h.end !== null) out.push({ kind: 'resolved', at: h.end });
  // A stable sort: same-second events keep the order above (rank), then their own (ids).
  return out.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || RANK[a.e.kind] - RANK[b.e.kind] || a.i - b.i).map((x) => x.e);
}

/**
 * An acknowledgement change as the timeline shows it. One made in PagerDuty (issue 19) names who acted
 * there, "PagerDuty: <agent>"; its user_id is the account owner Fleetwatch recorded it as.
 */
function ackEvent(kind: 'acknowledged' | 'unacknowledged', at: number, userId: number | null, userName: string | null, data: unknown): TimelineEvent {
  const d = (data ?? {}) as { source?: unknown; agent?: unknown };
  if (d.source !== 'pagerduty') return { kind, at, user_id: userId, user_name: userName };
  return { kind, at, user_id: userId, user_name: `PagerDuty: ${typeof d.agent === 'string' && d.agent ? d.agent : 'someone'}`, source: 'pagerduty' };
}

/** An 'escalated' event as the timeline shows it, read defensively from its stored data. */
function escalatedEvent(at: number, data: unknown): Extract<TimelineEvent, { kind: 'escalated' }> {
  const d = (data ?? {}) as Partial<Record<keyof EscalatedEventData, unknown>>;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const list = <T>(v: unknown, ok: (x: unknown) => x is T): T[] => (Array.isArray(v) ? v.filter(ok) : []);
  const isNum = (x: unknown): x is number => typeof x === 'number';
  const isText = (x: unknown): x is string => typeof x === 'string';
  const isSchedule = (x: unknown): x is { id: number; users: number[] } => typeof x === 'object' && x !== null && isNum((x as { id?: unknown }).id);
  return {
    kind: 'escalated',
    at,
    policy_id: num(d.policy_id),
    policy_name: typeof d.policy_name === 'string' ? d.policy_name : '',
    step: num(d.step),
    steps: num(d.steps),
    pass: num(d.pass),
    passes: num(d.passes),
    recipients: list(d.recipients, isText),
    schedules: list(d.schedules, isSchedule).map((s) => ({ id: s.id, users: list(s.users, isNum) })),
    channels: list(d.channels, isNum),
    silenced: d.silenced === true,
    ...(d.fallback === 'owner' ? { fallback: 'owner' as const } : {}),
  };
}

/** The body of the saved text message: what follows its subject line. */
function detailOf(text: string, subject: string): string {
  const body = text.startsWith(subject) ? text.slice(subject.length) : text;
  return body.trim();
}

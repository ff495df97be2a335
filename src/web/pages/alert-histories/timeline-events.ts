import type { TimelineEvent } from '../../../shared/incident-response';
import { formatSpan } from '../../lib/silence-presets';

/** One event of an incident's timeline as shown: a glyph (decoration only), what happened, more detail. */
export interface EventView {
  icon: string;
  title: string;
  /** Plain text, rendered as text (a note's text is user input). */
  detail: string;
  tone: 'bad' | 'good' | 'info' | 'muted';
}

const CHANNEL: Record<string, string> = { email: 'E-mail', sms: 'SMS', push: 'Push', callback: 'Callback' };
const ICON: Record<string, string> = { email: '✉', sms: '☏', push: '◉', callback: '↗' };
const EVENT: Record<string, string> = { TRIGGERED: 'triggered', RESOLVED: 'resolved', REMINDER: 'reminder', ESCALATION: 'escalation' };
const OUTCOME: Record<string, string> = {
  pending: 'waiting to be sent',
  sent: 'sent',
  failed: 'failed',
  silenced: 'held back by a silence',
  interrupted: 'interrupted',
};

/** Who did it: the name the timeline carries, else the user's name by id, else by id. */
export function actorName(userId: number | null, userName: string | null, nameOf: (id: number) => string | undefined = () => undefined): string {
  if (userName) return userName;
  if (userId === null) return 'someone';
  return nameOf(userId) ?? `user #${userId}`;
}

const round = (v: number) => String(Math.round(v * 100) / 100);

/** What an event of the timeline says, in words (the order and the times come from the service). */
export function eventView(e: TimelineEvent, nameOf?: (id: number) => string | undefined): EventView {
  switch (e.kind) {
    case 'triggered':
      return { icon: '▲', title: e.value === null ? 'Triggered' : `Triggered at value ${round(e.value)}`, detail: e.detail || e.subject, tone: 'bad' };
    case 'notification': {
      const what = `${CHANNEL[e.channel] ?? e.channel} (${EVENT[e.event] ?? e.event.toLowerCase()}) to ${e.recipient}: ${OUTCOME[e.outcome] ?? e.outcome}`;
      const more = [
        e.group_size !== null && e.group_size > 1 ? `one message telling ${e.group_size} incidents` : '',
        e.attempts > 1 ? `${e.attempts} attempts` : '',
        e.error ?? '',
      ];
      return { icon: ICON[e.channel] ?? '•', title: what, detail: more.filter(Boolean).join(' · '), tone: e.outcome === 'failed' ? 'bad' : e.outcome === 'sent' ? 'info' : 'muted' };
    }
    case 'acknowledged':
      return { icon: '✓', title: `Acknowledged by ${actorName(e.user_id, e.user_name, nameOf)}`, detail: '', tone: 'good' };
    case 'unacknowledged':
      return { icon: '↺', title: `Un-acknowledged by ${actorName(e.user_id, e.user_name, nameOf)}`, detail: '', tone: 'muted' };
    case 'note':
      return { icon: '✎', title: `Note by ${actorName(e.user_id, e.user_name, nameOf)}`, detail: e.text, tone: 'info' };
    case 'silenced':
      return { icon: '🔕', title: `Silenced (silence #${e.silence_id})`, detail: e.reason, tone: 'muted' };
    case 'resolved':
      return { icon: '✔', title: 'Resolved', detail: '', tone: 'good' };
    case 'escalated':
      return escalatedView(e);
  }
}

/** "Step 2 of policy Night ops: e-mailed ada@example.com": an escalation step and whom it told. */
function escalatedView(e: Extract<TimelineEvent, { kind: 'escalated' }>): EventView {
  const pass = e.passes > 1 ? ` (pass ${e.pass} of ${e.passes})` : '';
  const told = e.recipients.length ? `e-mailed ${e.recipients.join(', ')}` : 'nobody to e-mail';
  const channels = e.channels.length ? ` and ${e.channels.length} channel${e.channels.length > 1 ? 's' : ''}` : '';
  const nobody = e.schedules.filter((s) => s.users.length === 0).length;
  const more = [
    e.silenced ? 'held back by a silence' : '',
    nobody ? `${nobody} schedule${nobody > 1 ? 's' : ''} had nobody on call` : '',
    e.fallback === 'owner' ? 'nobody it names could be reached: the account owner was told instead' : '',
  ];
  return { icon: '⇧', title: `Step ${e.step} of ${e.steps} of policy ${e.policy_name}${pass}: ${told}${channels}`, detail: more.filter(Boolean).join(' · '), tone: e.silenced ? 'muted' : 'bad' };
}

/**
 * "Acknowledged by Ada Lovelace 12 min ago": who has the incident and since when, or null when
 * nobody acknowledged it.
 */
export function ackLine(h: { acknowledged_by: number | null; acknowledged_at: number | null }, now: number, nameOf?: (id: number) => string | undefined): string | null {
  if (h.acknowledged_by === null && h.acknowledged_at === null) return null;
  const who = actorName(h.acknowledged_by, null, nameOf);
  if (h.acknowledged_at === null) return `Acknowledged by ${who}`;
  const ago = now - h.acknowledged_at;
  return `Acknowledged by ${who} ${ago < 60 ? 'just now' : `${formatSpan(ago)} ago`}`;
}

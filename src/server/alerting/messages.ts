import type { BreachingServer } from '../../shared/alert-histories';
import type { EngineAlert, RenderedMessage } from '../store/repos/alert-engine';
import { isPerServer, serverLabel } from './breaching';

/** What an alert message is about. */
export interface MessageFacts {
  alertName: string;
  alertType: string;
  trigger: string;
  target: string;
  status: 'TRIGGERED' | 'RESOLVED' | 'REMINDER';
  minute: number;
  value: number | null;
  historyId: number;
  /** The servers a Server Tag alert's incident is about (named in every form); none for other alerts. */
  servers?: readonly BreachingServer[];
}

// Named in the subject and the sms; the body names every recorded server.
const NAMED_IN_SUBJECT = 3;

/**
 * The facts of an alert's message at an observation. A per_server alert's target is its server ("app-02
 * in tag app (6 servers)"); a Server Tag alert's names the servers that breached, its value is the most
 * extreme of theirs.
 */
export function messageFacts(alert: EngineAlert, o: { minute: number; value: number | null }, servers: readonly BreachingServer[]): Omit<MessageFacts, 'status' | 'historyId'> {
  const facts = { alertName: alert.name, alertType: alert.type, trigger: alert.trigger, target: alert.target, minute: o.minute, value: o.value };
  if (alert.type !== 'Server Tag') return facts;
  const top = servers[0];
  if (isPerServer(alert) && top) return { ...facts, target: `${serverLabel(top)} in ${alert.target}`, value: top.value, servers };
  return { ...facts, value: top?.value ?? o.value, servers };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** "app-02, app-05 and 3 more": the first `max`, most extreme first. */
function serverNames(servers: readonly BreachingServer[], max: number): string {
  const names = servers.slice(0, max).map(serverLabel).join(', ');
  return servers.length > max ? `${names} and ${servers.length - max} more` : names;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const iso = (t: number) => new Date(t * 1000).toISOString().replace('T', ' ').replace('.000Z', ' UTC');

/**
 * The saved message of an alert history in its four forms. Every user-supplied text (alert name,
 * target names) is escaped in the html form: it is shown to people and must never run.
 */
export function renderMessage(f: MessageFacts): RenderedMessage {
  const verb = f.status === 'RESOLVED' ? 'resolved' : f.status === 'REMINDER' ? 'still triggered' : 'triggered';
  // A per_server incident's target names its one server already.
  const list = f.servers && f.servers.length && !f.target.startsWith(serverLabel(f.servers[0]!)) ? f.servers : [];
  const who = list.length ? `: ${serverNames(list, NAMED_IN_SUBJECT)}` : '';
  const subject = `Alert ${verb}: ${f.alertName} (${f.trigger} on ${f.target})${who}`;
  const value = f.value === null ? '' : ` Value: ${round2(f.value)}.`;
  const breached = list.length
    ? ` Breaching: ${list.map((s) => (s.value === null ? serverLabel(s) : `${serverLabel(s)} (${round2(s.value)})`)).join(', ')}.`
    : '';
  const body = `The ${f.alertType} alert "${f.alertName}" ${verb} at ${iso(f.minute)}: ${f.trigger} on ${f.target}.${value}${breached}`;
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<h1>${escapeHtml(subject)}</h1><p>${escapeHtml(body)}</p>` +
    `<p>Alert history ${f.historyId}.</p></body></html>`;
  return {
    subject,
    html,
    json: JSON.stringify({ body, alert_type: f.alertType, subject }),
    text: `${subject}\n\n${body}\n`,
    sms: `${f.status} ${f.alertName}: ${f.trigger} on ${f.target}${who}`.slice(0, 160),
  };
}

/** The links an alert e-mail carries to one recipient: the incident's dashboard page and a one-click acknowledge link. */
export interface MessageLinks {
  incident: string;
  acknowledge: string;
}

// The text form's link lines (linksOfEmail reads them back).
const ACK_LINE = 'Acknowledge (opens a confirm page): ';
const INCIDENT_LINE = 'Incident: ';

/**
 * The e-mail forms of a message for one recipient, with their links: in the text after the body,
 * in the html as a paragraph before the end of its body (both URLs escaped like every other text).
 */
export function emailWithLinks(m: Pick<RenderedMessage, 'text' | 'html'>, links: MessageLinks): { text: string; html: string } {
  const text = `${m.text}\n${ACK_LINE}${links.acknowledge}\n${INCIDENT_LINE}${links.incident}\n`;
  const para =
    `<p><a href="${escapeHtml(links.acknowledge)}">Acknowledge this incident</a> (opens a confirm page) &middot; ` +
    `<a href="${escapeHtml(links.incident)}">Open the incident</a></p>`;
  const at = m.html.lastIndexOf('</body>');
  const html = at < 0 ? m.html + para : m.html.slice(0, at) + para + m.html.slice(at);
  return { text, html };
}

/**
 * The e-mail forms of a message that only links its incident (a RESOLVED one: nothing is left to
 * acknowledge), the link placed as emailWithLinks places it.
 */
export function emailWithIncidentLink(m: Pick<RenderedMessage, 'text' | 'html'>, incident: string): { text: string; html: string } {
  const text = `${m.text}\n${INCIDENT_LINE}${incident}\n`;
  const para = `<p><a href="${escapeHtml(incident)}">Open the incident</a></p>`;
  const at = m.html.lastIndexOf('</body>');
  const html = at < 0 ? m.html + para : m.html.slice(0, at) + para + m.html.slice(at);
  return { text, html };
}

/**
 * The inverse of emailWithLinks on the text form: the text without its link lines, and the links it
 * carried (null when it carries none, as mail written without links does). A grouped message retells
 * each incident's own text and must carry that recipient's own acknowledge link, which exists nowhere
 * else: the token is minted per recipient when the notification is queued.
 */
export function linksOfEmail(text: string): { text: string; links: MessageLinks | null } {
  // Only the last two lines, where emailWithLinks put them: user text above them is never read as a link.
  const lines = text.replace(/\n+$/, '').split('\n');
  const [ack, incident] = lines.slice(-2);
  if (lines.length < 3 || !ack?.startsWith(ACK_LINE) || !incident?.startsWith(INCIDENT_LINE)) return { text, links: null };
  const rest = `${lines.slice(0, -2).join('\n').replace(/\n+$/, '')}\n`;
  return { text: rest, links: { acknowledge: ack.slice(ACK_LINE.length), incident: incident.slice(INCIDENT_LINE.length) } };
}

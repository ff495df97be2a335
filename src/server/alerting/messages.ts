import type { RenderedMessage } from '../store/repos/alert-engine';

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
  const subject = `Alert ${verb}: ${f.alertName} (${f.trigger} on ${f.target})`;
  const value = f.value === null ? '' : ` Value: ${Math.round(f.value * 100) / 100}.`;
  const body = `The ${f.alertType} alert "${f.alertName}" ${verb} at ${iso(f.minute)}: ${f.trigger} on ${f.target}.${value}`;
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<h1>${escapeHtml(subject)}</h1><p>${escapeHtml(body)}</p>` +
    `<p>Alert history ${f.historyId}.</p></body></html>`;
  return {
    subject,
    html,
    json: JSON.stringify({ body, alert_type: f.alertType, subject }),
    text: `${subject}\n\n${body}\n`,
    sms: `${f.status} ${f.alertName}: ${f.trigger} on ${f.target}`.slice(0, 160),
  };
}

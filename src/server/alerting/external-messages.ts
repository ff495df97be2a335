import { EXTERNAL_ALERT_TYPE, labelText, safeHttpUrl } from '../../shared/external-alerts';
import type { RenderedMessage } from '../store/repos/alert-engine';

/** What an external alert's message is about. */
export interface ExternalFacts {
  alertname: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  generatorUrl: string;
  status: 'TRIGGERED' | 'RESOLVED' | 'REMINDER';
  /** Epoch seconds: when it started (TRIGGERED, REMINDER) or ended (RESOLVED). */
  at: number;
  historyId: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const iso = (t: number) => new Date(t * 1000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
const oneLine = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s).replace(/\s+/g, ' ');

/**
 * The saved message of an external alert's incident in its four forms: alertname, labels, the summary
 * and description annotations and the generatorURL. Everything in it came from the sender, so the
 * html form escapes all of it and links the generatorURL only when it is http or https.
 */
export function renderExternal(f: ExternalFacts): RenderedMessage {
  const verb = f.status === 'RESOLVED' ? 'resolved' : f.status === 'REMINDER' ? 'still firing' : 'firing';
  const labels = labelText(f.labels);
  const subject = oneLine(`Alert ${verb}: ${f.alertname || 'external alert'}${labels ? ` {${labels}}` : ''}`, 250);
  const summary = f.annotations.summary ?? '';
  const description = f.annotations.description ?? '';
  const when = f.status === 'RESOLVED' ? `Resolved at ${iso(f.at)}.` : `Firing since ${iso(f.at)}.`;
  const info = [
    `The ${EXTERNAL_ALERT_TYPE} alert "${f.alertname}" is ${verb}. ${when}`,
    ...(summary ? [`Summary: ${summary}`] : []),
    ...(description ? [`Description: ${description}`] : []),
    `Labels: ${Object.entries(f.labels).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')}`,
  ];
  const lines = f.generatorUrl ? [...info, `Source: ${f.generatorUrl}`] : info;
  const link = safeHttpUrl(f.generatorUrl);
  const source = link ? `<a href="${escapeHtml(link)}">${escapeHtml(f.generatorUrl)}</a>` : escapeHtml(f.generatorUrl);
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<h1>${escapeHtml(subject)}</h1>` +
    info.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    (f.generatorUrl ? `<p>Source: ${source}</p>` : '') +
    `<p>Alert history ${f.historyId}.</p></body></html>`;
  const body = lines.join('\n');
  return {
    subject,
    html,
    json: JSON.stringify({ body, alert_type: EXTERNAL_ALERT_TYPE, subject, labels: f.labels, annotations: f.annotations, generator_url: f.generatorUrl }),
    text: `${subject}\n\n${body}\n`,
    sms: oneLine(`${f.status} ${f.alertname}${summary ? `: ${summary}` : labels ? ` {${labels}}` : ''}`, 160),
  };
}

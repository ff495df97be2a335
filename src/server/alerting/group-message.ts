import { createHash } from 'node:crypto';
import type { PendingNotification } from '../store/repos/outbox';
import { linksOfEmail } from './messages';

/** Incidents told in full in a grouped message; the rest are counted and linked. */
export const GROUP_IN_FULL = 20;

/** Where the dashboard is reached: links in a grouped message start with it. */
export interface GroupLinks {
  baseUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The verb of an alert message's subject as messages.ts writes it ("Alert still triggered: ..."). */
function verbOf(subject: string): string {
  return /^Alert (triggered|resolved|still triggered):/.exec(subject)?.[1] ?? 'other';
}

/**
 * The id of a grouped message: the same rows give the same id (a retry after a crash is recognisable
 * as a repeat), other rows another one (a receiver that drops repeats never drops an incident it was
 * not told yet).
 */
export function groupDeliveryId(rows: readonly Pick<PendingNotification, 'deliveryId'>[]): string {
  const h = createHash('sha256').update(rows.map((r) => r.deliveryId).sort().join('\n')).digest('hex');
  return `group-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const trimBase = (u: string) => u.replace(/\/+$/, '');
const incidentUrl = (links: GroupLinks, historyId: number) => `${trimBase(links.baseUrl)}/incidents/${historyId}`;

/**
 * The dashboard's Incidents page over the incidents of a message: the range view from the first
 * incident's start to the last one's (`from`/`to` as the page reads them, which selects incidents by
 * start), narrowed to their alerts (`alerts`, alert ids as the API's alert_histories `filter` takes
 * them). `starts` maps history ids to starts; a row without one counts from when it was queued.
 */
export function incidentsUrl(
  links: GroupLinks,
  rows: readonly Pick<PendingNotification, 'alertId' | 'alertHistoryId' | 'created'>[],
  starts: ReadonlyMap<number, number> = new Map(),
): string {
  const at = rows.map((r) => (r.alertHistoryId === null ? undefined : starts.get(r.alertHistoryId)) ?? r.created);
  const from = Math.floor(Math.min(...at) / 60) * 60 - 60;
  const to = Math.floor(Math.max(...at) / 60) * 60 + 60;
  const ids = [...new Set(rows.map((r) => r.alertId))].sort((a, b) => a - b);
  // An external (Prometheus) alert's incident has no alert id (0): a filter by ids would hide it.
  const alerts = ids.includes(0) ? '' : `&alerts=${ids.join(',')}`;
  return `${trimBase(links.baseUrl)}/incidents?view=range&from=${from}&to=${to}${alerts}`;
}

/** "38 triggered, 2 resolved": the counts of the message's incidents by what happened. */
function counts(rows: readonly PendingNotification[]): string {
  const by = new Map<string, number>();
  for (const r of rows) by.set(verbOf(r.subject), (by.get(verbOf(r.subject)) ?? 0) + 1);
  return [...by].map(([verb, n]) => `${n} ${verb}`).join(', ');
}

/**
 * What a grouped message tells of one incident: its own lines (no subject, no link lines), the links
 * its own e-mail carried to this recipient (the acknowledge link's token is theirs and this
 * incident's), or at least its page when the row has none (written without links).
 */
function toldOf(r: PendingNotification, links: GroupLinks): { lines: string[]; acknowledge: string | null; incident: string | null } {
  const own = linksOfEmail(r.body);
  const lines = own.text.split('\n').filter((l, k) => l.trim() !== '' && !(k === 0 && l.trim() === r.subject));
  const incident = own.links?.incident ?? (r.alertHistoryId === null ? null : incidentUrl(links, r.alertHistoryId));
  return { lines, acknowledge: own.links?.acknowledge ?? null, incident };
}

/** One incident's lines: its subject, the rest of its own message (what, where, since when), its acknowledge link and page. */
function incidentText(r: PendingNotification, i: number, links: GroupLinks): string {
  const t = toldOf(r, links);
  const ack = t.acknowledge === null ? [] : [`   Acknowledge (opens a confirm page): ${t.acknowledge}`];
  const page = t.incident === null ? [] : [`   Incident: ${t.incident}`];
  return [`${i + 1}. ${r.subject}`, ...t.lines.map((l) => `   ${l}`), ...ack, ...page].join('\n');
}

function incidentHtml(r: PendingNotification, links: GroupLinks): string {
  const t = toldOf(r, links);
  const anchors = [
    t.acknowledge === null ? null : `<a href="${escapeHtml(t.acknowledge)}">Acknowledge this incident</a> (opens a confirm page)`,
    t.incident === null ? null : `<a href="${escapeHtml(t.incident)}">Open the incident</a>`,
  ].filter((a) => a !== null);
  const tail = anchors.length === 0 ? '' : `<br>${anchors.join(' &middot; ')}`;
  return `<li><strong>${escapeHtml(r.subject)}</strong><br>${escapeHtml(t.lines.join(' '))}${tail}</li>`;
}

/**
 * One message telling several incidents to one recipient on one channel (rows oldest first): the
 * subject says how many; the first GROUP_IN_FULL incidents in full (each with the recipient's own
 * acknowledge link and the incident's page, as its own e-mail had them), then "and N more" with a
 * link to the Incidents page over all of them (`starts`: when each incident started). Every
 * user-supplied text is escaped in the html form. SMS and push get a short text that fits an SMS.
 */
export function groupMessage(rows: readonly PendingNotification[], links: GroupLinks, starts: ReadonlyMap<number, number> = new Map()): PendingNotification {
  const lead = rows[0]!;
  const n = rows.length;
  const subject = `[Fleetwatch] ${n} incidents: ${counts(rows)}`;
  const all = incidentsUrl(links, rows, starts);
  const shown = rows.slice(0, GROUP_IN_FULL);
  const rest = n - shown.length;
  const base = { ...lead, subject, deliveryId: groupDeliveryId(rows), html: null as string | null };
  if (lead.channel !== 'email') {
    const first = shown.slice(0, 3).map((r) => r.subject.replace(/^Alert /, '')).join('; ');
    return { ...base, body: `${n} incidents (${counts(rows)}): ${first}${n > 3 ? ` and ${n - 3} more` : ''}`.slice(0, 160) };
  }
  const more = rest > 0 ? `\nand ${rest} more: ${all}\n` : `\nAll of them on the Incidents page: ${all}\n`;
  const text = `${subject}\n\n${shown.map((r, i) => incidentText(r, i, links)).join('\n\n')}\n${more}`;
  const moreHtml = rest > 0 ? `and ${rest} more: ` : 'All of them on the Incidents page: ';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<h1>${escapeHtml(subject)}</h1><ol>${shown.map((r) => incidentHtml(r, links)).join('')}</ol>` +
    `<p>${moreHtml}<a href="${escapeHtml(all)}">${escapeHtml(rest > 0 ? `the ${n} incidents on the Incidents page` : 'Incidents')}</a></p></body></html>`;
  return { ...base, body: text, html };
}

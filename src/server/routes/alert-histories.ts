import type { FastifyInstance } from 'fastify';
import {
  alertHistoryListQuery,
  alertHistoryViewPath,
  type AlertHistoryMessage,
} from '../../shared/alert-histories';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { toAlertHistory } from '../http/answers';
import { envelope } from '../http/paging';
import type { AlertHistoryRecord } from '../store/repos/alert-histories';

const toMessage = (r: AlertHistoryRecord): AlertHistoryMessage => ({
  id: r.id,
  subject: r.subject,
  html: r.html,
  json: r.json,
  text: r.text,
  sms: r.sms,
  view: alertHistoryViewPath(r.id),
});

// The stored html is rendered from alert data that collectors and users influence (names, log
// lines), so the view is served sandboxed: no scripts, no network, no forms, nothing framed elsewhere.
const VIEW_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function viewDocument(r: AlertHistoryRecord): string {
  if (/^\s*(<!doctype|<html)/i.test(r.html)) return r.html;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(r.subject)}</title></head><body>${r.html}</body></html>`;
}

export function alertHistoryRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function historyOr404(accountId: number, id: number | null) {
    const h = id === null ? null : await store.alertHistories.get(accountId, id);
    if (!h) throw notFound('alert history');
    return h;
  }

  app.get('/alert_histories', async (req) => {
    const q = parseInput(req, alertHistoryListQuery);
    const page = await store.alertHistories.list(req.account.id, { start: q.start, end: q.end ?? now(), alertIds: q.filter, open: q.open }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toAlertHistory) });
  });

  app.get('/alert_histories/:id', async (req) => toAlertHistory(await historyOr404(req.account.id, pathId(req))));

  app.get('/alert_histories/:id/message', async (req) => toMessage(await historyOr404(req.account.id, pathId(req))));

  app.get('/alert_histories/:id/message/view', async (req, reply) => {
    const h = await historyOr404(req.account.id, pathId(req));
    return reply
      .header('Content-Security-Policy', VIEW_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(viewDocument(h));
  });
}

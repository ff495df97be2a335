import type { FastifyInstance } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { intParam } from '../../shared/params';
import { itemPath } from '../../shared/paths';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { Delivery } from '../store/repos/outbox';
import { OUTBOX_EVENT } from '../alerting/start';
import { can } from '../../shared/access';
import { anyRecord, route } from '../http/route';
import { INVITE_LINK_PATH } from '../services/invitations';

/** GET /notifications/: P plus an optional alert_id. */
const notificationListQuery = pagingQuery.extend({ alert_id: intParam('alert_id', { min: 1 }).optional() });

/** A delivery as answered; credentials and secrets never leave the service. */
function toDeliveryItem(d: Delivery) {
  return {
    id: d.id,
    delivery_id: d.deliveryId,
    alert_id: d.alertId,
    alert_history_id: d.alertHistoryId,
    status: d.status,
    url: d.url,
    method: d.method,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: Math.floor(d.nextAttemptAt / 1000),
    last_status: d.lastStatus,
    last_error: d.lastError,
    last_latency_ms: d.lastLatencyMs,
    created: Math.floor(d.created / 1000),
    delivered_at: d.deliveredAt === null ? null : Math.floor(d.deliveredAt / 1000),
    resource_url: `${itemPath('alerts', d.alertId)}deliveries/${d.id}/`,
  };
}

/**
 * Beyond the spec: the callback delivery log of an alert (attempts, status, latency), redelivery, and
 * a test callback to every subscriber (status=TEST).
 */
export function alertDeliveryRoutes(app: FastifyInstance, { store, events }: Deps) {
  // The dispatcher (alerting/start.ts) listens for this and looks at the outbox at once.
  const wake = () => events.emit(OUTBOX_EVENT);
  async function alertOr404(accountId: number, id: number | null) {
    const a = id === null ? null : await store.alerts.get(accountId, id);
    if (!a) throw notFound('alert');
    return a;
  }

  route(app, {
    method: 'GET', path: '/notifications',
    tag: 'Alerts', summary: 'Callback deliveries of the account, optionally of one alert_id (beyond the spec)',
    params: notificationListQuery, response: anyRecord, paged: true,
  }, async (req) => {
    const q = parseInput(req, notificationListQuery);
    const page = await store.outbox.notifications(req.account.id, q.alert_id, q);
    // Every role reads this list: the acknowledge links in e-mails stay their recipients' own, and an
    // invitation link only those who may invite read (they could make one themselves).
    const inviter = can(req.user, 'users.invite');
    const hide = (body: string) => {
      const b = body.replace(/\/ack\/[A-Za-z0-9._~%-]+/g, '/ack/{token}');
      return inviter ? b : b.replace(INVITE_LINK_PATH, '/invite/{token}');
    };
    const items = page.items.map((n) => ({ ...n, body: hide(n.body) }));
    return envelope(req, q, { total: page.total, items });
  });

  route(app, {
    method: 'GET', path: '/alerts/:id/deliveries',
    tag: 'Alerts', summary: 'Callback deliveries of the alert (beyond the spec)',
    params: pagingQuery, response: anyRecord, paged: true,
  }, async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const q = parseInput(req, pagingQuery);
    const page = await store.outbox.listForAlert(req.account.id, alert.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toDeliveryItem) });
  });

  route(app, {
    method: 'GET', path: '/alerts/:id/deliveries/:did',
    tag: 'Alerts', summary: 'One delivery with its attempts',
    response: anyRecord,
  }, async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const did = pathId(req, 'did');
    const d = did === null ? null : await store.outbox.get(req.account.id, did);
    if (!d || d.alertId !== alert.id) throw notFound('delivery');
    return { ...toDeliveryItem(d), attempts_log: await store.outbox.attempts(req.account.id, d.id) };
  });

  route(app, {
    method: 'POST', path: '/alerts/:id/deliveries/:did/redeliver',
    tag: 'Alerts', summary: 'Queue the delivery again',
    response: anyRecord,
  }, async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const did = pathId(req, 'did');
    const d = did === null ? null : await store.outbox.get(req.account.id, did);
    if (!d || d.alertId !== alert.id) throw notFound('delivery');
    const again = await store.outbox.redeliver(req.account.id, d.id, Date.now());
    wake();
    return toDeliveryItem(again!);
  });

  route(app, {
    method: 'POST', path: '/alerts/:id/test_callback',
    tag: 'Alerts', summary: "Queue a test callback to the alert's subscribers",
    response: anyRecord, status: 202,
  }, async (req, reply) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const subs = alert.subscribers ?? [];
    if (!subs.length) throw badRequest('the alert has no subscribers', 'subscribers');
    const queued = await store.outbox.enqueue(
      req.account.id,
      subs.map((s) => ({
        alertId: alert.id,
        alertHistoryId: null,
        status: 'TEST' as const,
        url: s.url,
        method: s.type === 'post' ? ('post' as const) : ('get' as const),
        auth: s.auth ?? null,
        secret: s.secret ?? null,
      })),
      Date.now(),
    );
    wake();
    reply.status(202);
    return { data: queued.map(toDeliveryItem) };
  });
}

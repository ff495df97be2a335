import type { FastifyInstance } from 'fastify';
import { alertBulkSelect, BULK_FIELDS, NOT_IN_BULK, type AlertBulkAnswer } from '../../shared/alert-bulk';
import { FIXED_AFTER_CREATE, NOT_UPDATABLE, alertUpdate } from '../../shared/alerts';
import type { Deps } from '../deps';
import { OUTBOX_EVENT } from '../alerting/start';
import { toAlert } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, rawInput } from '../http/input';
import { firesLastWeek, planBulk, selectAlerts } from '../services/alert-bulk';
import { closeIfDeactivated } from '../services/alerts';

/** POST /alerts/bulk (beyond the spec): change many alerts at once, previewed with dry_run first. */
export function alertBulkRoutes(app: FastifyInstance, { store, now, events }: Deps) {
  app.post('/alerts/bulk', async (req): Promise<AlertBulkAnswer> => {
    const raw = rawInput(req);
    // `type` is a filter here, not a change.
    const fixed = [...FIXED_AFTER_CREATE.filter((f) => f !== 'type'), ...NOT_UPDATABLE, ...NOT_IN_BULK];
    for (const f of fixed) if (raw[f] !== undefined) throw badRequest(`${f} cannot be changed in a bulk edit`, f);
    const q = parseInput(req, alertBulkSelect);
    const input = parseInput(req, alertUpdate);
    if (!BULK_FIELDS.some((f) => raw[f] !== undefined)) throw badRequest(`nothing to change: give at least one of ${BULK_FIELDS.join(', ')}`);
    const accountId = req.account.id;
    const plans = await planBulk(store, accountId, await selectAlerts(store, accountId, q), input);

    if (q.dry_run) {
      const alerts = [];
      for (const { alert, patch } of plans) {
        const after = { ...alert, ...patch };
        alerts.push({
          id: alert.id,
          before: toAlert(alert),
          after: toAlert(after),
          fires_before: await firesLastWeek(store, accountId, alert, now()),
          fires_after: await firesLastWeek(store, accountId, after, now()),
        });
      }
      return { dry_run: true, count: alerts.length, alerts };
    }

    const written = await store.alerts.updateMany(accountId, plans.map((p) => ({ id: p.alert.id, patch: p.patch })));
    if (!written) throw notFound('alert'); // deleted since it was selected: nothing was changed
    const alerts = [];
    let queued = 0;
    for (const [i, updated] of written.entries()) {
      const before = plans[i]!.alert;
      const closed = await closeIfDeactivated(store, accountId, updated, now());
      queued += closed.queued;
      const item = { id: updated.id, before: toAlert(before), after: toAlert(closed.alert), fires_before: null, fires_after: null };
      // One audit entry per alert, as a PUT of each would have written (the access rule leaves this route to it).
      await store.audit.record(accountId, {
        time: now(), user_id: req.user.id, user_email: req.user.email, method: req.method, path: req.url.split('?')[0]!,
        resource: 'alerts', resource_id: updated.id, action: 'bulk_update', before: item.before, after: item.after,
      });
      alerts.push(item);
    }
    if (queued) events.emit(OUTBOX_EVENT);
    return { dry_run: false, count: alerts.length, alerts };
  });
}

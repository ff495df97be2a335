import type { FastifyInstance } from 'fastify';
import { FIXED_AFTER_CREATE, NOT_UPDATABLE, alertCreate, alertListQuery, alertUpdate, type Alert } from '../../shared/alerts';
import { itemPath } from '../../shared/paths';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId, rawInput } from '../http/input';
import { envelope } from '../http/paging';
import { OUTBOX_EVENT } from '../alerting/start';
import { closeIfDeactivated, createAlert, targetFilter, updateAlert } from '../services/alerts';
import type { AlertRecord } from '../store/repos/alerts';

/** The answer form of an alert: the spec's fields in order; subscriber secrets become has_secret. */
export const toAlert = (r: AlertRecord): Alert => ({
  id: r.id,
  name: r.name,
  active: r.active,
  direction: r.direction,
  type: r.type,
  target: r.target,
  target_id: r.type === 'Process' ? r.target_id : Number(r.target_id),
  trigger: r.trigger,
  trigger_type: r.trigger_type,
  num_of_servers: r.num_of_servers,
  interval: r.interval,
  time_above_threshold: r.time_above_threshold,
  threshold: r.threshold,
  reg_exp: r.reg_exp,
  part_name: r.part_name,
  ip_details: r.ip_details,
  last_triggered: r.last_triggered,
  in_incident: r.in_incident,
  users: r.users,
  subscribers: r.subscribers?.map(({ secret, ...s }) => ({ ...s, has_secret: !!secret })) ?? null,
  window_length: r.window_length,
  window_units: r.window_units,
  band_value: r.band_value,
  threshold_type: r.threshold_type,
  per_server: r.per_server,
  url: itemPath('alerts', r.id),
});

export function alertRoutes(app: FastifyInstance, { store, now, events }: Deps) {
  async function alertOr404(accountId: number, id: number | null) {
    const alert = id === null ? null : await store.alerts.get(accountId, id);
    if (!alert) throw notFound('alert');
    return alert;
  }

  app.get('/alerts', async (req) => {
    const q = parseInput(req, alertListQuery);
    const page = await store.alerts.list(req.account.id, targetFilter(q.filter_name, q.filter_id), q);
    return envelope(req, q, { total: page.total, items: page.items.map(toAlert) });
  });

  app.post('/alerts', async (req, reply) => {
    const input = parseInput(req, alertCreate);
    const alert = await createAlert(store, req.account.id, input, now());
    reply.status(201);
    return toAlert(alert);
  });

  app.get('/alerts/:id', async (req) => toAlert(await alertOr404(req.account.id, pathId(req))));

  app.put('/alerts/:id', async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const raw = rawInput(req);
    for (const f of FIXED_AFTER_CREATE) if (raw[f] !== undefined) throw badRequest(`${f} cannot change after creation`, f);
    for (const f of NOT_UPDATABLE) if (raw[f] !== undefined) throw badRequest(`${f} cannot be updated; create a new alert`, f);
    const input = parseInput(req, alertUpdate);
    const updated = await updateAlert(store, req.account.id, alert, input);
    const { alert: answer, queued } = await closeIfDeactivated(store, req.account.id, updated, now());
    if (queued) events.emit(OUTBOX_EVENT); // the dispatcher (alerting/start.ts) looks at the outbox at once
    return toAlert(answer);
  });

  app.delete('/alerts/:id', async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    await store.alerts.delete(req.account.id, alert.id);
    return { result: 'Success' };
  });
}

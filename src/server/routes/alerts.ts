import type { FastifyInstance } from 'fastify';
import { FIXED_AFTER_CREATE, NOT_UPDATABLE, alertCreate, alertListQuery, alertUpdate } from '../../shared/alerts';
import type { Deps } from '../deps';
import { toAlert } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId, rawInput } from '../http/input';
import { envelope } from '../http/paging';
import { OUTBOX_EVENT } from '../alerting/start';
import { closeIfDeactivated, createAlert, targetFilter, updateAlert } from '../services/alerts';

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

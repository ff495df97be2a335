import type { FastifyInstance } from 'fastify';
import {
  maintenanceWindowInput,
  maintenanceWindowListQuery,
  type MaintenanceWindow,
  type MaintenanceWindowWritten,
} from '../../shared/maintenance-windows';
import { itemPath } from '../../shared/paths';
import { formatUtcSeconds } from '../../shared/utc-time';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { MaintenanceWindowRecord } from '../store/repos/maintenance-windows';

/** A window as lists and GET answer it; started/ended from the service clock. */
export const toMaintenanceWindow = (r: MaintenanceWindowRecord, now: number): MaintenanceWindow => ({
  id: r.id,
  start: r.start,
  end: r.end,
  started: now >= r.start,
  ended: now >= r.end,
  reason: r.reason,
  servers: r.servers,
  url: itemPath('maintenance_windows', r.id),
});

/** Create and update answer the times as text (spec: Maintenance window). */
const toWritten = (r: MaintenanceWindowRecord, now: number): MaintenanceWindowWritten => ({
  ...toMaintenanceWindow(r, now),
  start: formatUtcSeconds(r.start),
  end: formatUtcSeconds(r.end),
});

export function maintenanceWindowRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function parseWindow(req: Parameters<typeof parseInput>[0]) {
    const input = parseInput(req, maintenanceWindowInput);
    const missing = await store.servers.missing(req.account.id, input.servers);
    if (missing.length) throw badRequest(`servers: no server with id ${missing.join(', ')}`, 'servers');
    return input;
  }
  async function windowOr404(accountId: number, id: number | null) {
    const w = id === null ? null : await store.maintenanceWindows.get(accountId, id);
    if (!w) throw notFound('maintenance window');
    return w;
  }

  app.get('/maintenance_windows', async (req) => {
    const q = parseInput(req, maintenanceWindowListQuery);
    const page = await store.maintenanceWindows.list(req.account.id, q);
    const t = now();
    return envelope(req, q, { total: page.total, items: page.items.map((w) => toMaintenanceWindow(w, t)) });
  });

  app.post('/maintenance_windows', async (req, reply) => {
    const input = await parseWindow(req);
    const w = await store.maintenanceWindows.create(req.account.id, input);
    reply.status(201);
    return toWritten(w, now());
  });

  app.get('/maintenance_windows/:id', async (req) => toMaintenanceWindow(await windowOr404(req.account.id, pathId(req)), now()));

  app.put('/maintenance_windows/:id', async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    const input = await parseWindow(req);
    const updated = await store.maintenanceWindows.update(req.account.id, w.id, input);
    if (!updated) throw notFound('maintenance window');
    return toWritten(updated, now());
  });

  app.delete('/maintenance_windows/:id', async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    await store.maintenanceWindows.delete(req.account.id, w.id);
    return { result: 'Success' };
  });
}

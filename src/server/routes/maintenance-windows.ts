import type { FastifyInstance } from 'fastify';
import { nextOccurrences, occurrencesBetween } from '../../shared/maintenance-occurrences';
import {
  maintenanceOccurrenceQuery,
  maintenanceWindowInput,
  maintenanceWindowListQuery,
  type MaintenanceWindow,
  type MaintenanceWindowWritten,
} from '../../shared/maintenance-windows';
import { itemPath } from '../../shared/paths';
import { epochToWall } from '../../shared/time-zones';
import { formatUtcSeconds } from '../../shared/utc-time';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { MaintenanceWindowRecord } from '../store/repos/maintenance-windows';

/**
 * A window as lists and GET answer it; started/ended from the service clock. A recurring window has
 * started once its first occurrence began, and ended once no occurrence is left to run.
 */
export const toMaintenanceWindow = (r: MaintenanceWindowRecord, now: number): MaintenanceWindow => ({
  id: r.id,
  start: r.start,
  end: r.end,
  started: now >= r.start,
  ended: r.rrule ? now >= r.start && nextOccurrences(r, now, 1).length === 0 : now >= (r.end ?? Infinity),
  reason: r.reason,
  servers: r.servers,
  url: itemPath('maintenance_windows', r.id),
  rrule: r.rrule,
  duration: r.duration,
  time_zone: r.timeZone,
  server_tags: r.serverTags,
  server_sets: r.serverSets,
});

/** Create and update answer the times as text (spec: Maintenance window), in the window's zone. */
const toWritten = (r: MaintenanceWindowRecord, now: number): MaintenanceWindowWritten => {
  const text = (t: number) => formatUtcSeconds(epochToWall(t, r.timeZone));
  return { ...toMaintenanceWindow(r, now), start: text(r.start), end: r.end === null ? null : text(r.end) };
};

export function maintenanceWindowRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function parseWindow(req: Parameters<typeof parseInput>[0]) {
    const input = parseInput(req, maintenanceWindowInput);
    const accountId = req.account.id;
    const missing = await store.servers.missing(accountId, input.servers);
    if (missing.length) throw badRequest(`servers: no server with id ${missing.join(', ')}`, 'servers');
    const tags = await store.serverTags.missing(accountId, input.serverTags);
    if (tags.length) throw badRequest(`server_tags: no server tag with id ${tags.join(', ')}`, 'server_tags');
    const sets = await Promise.all([...new Set(input.serverSets)].map(async (id) => ((await store.serverSets.get(accountId, id)) ? null : id)));
    const noSet = sets.filter((id) => id !== null);
    if (noSet.length) throw badRequest(`server_sets: no server set with id ${noSet.join(', ')}`, 'server_sets');
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

  // Extension (issue 12): the occurrences of a window overlapping [start, end), oldest first.
  app.get('/maintenance_windows/:id/occurrences', async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    const q = parseInput(req, maintenanceOccurrenceQuery);
    const all = occurrencesBetween(w, q.start, q.end);
    return envelope(req, q, { total: all.length, items: all.slice(q.page * q.limit, (q.page + 1) * q.limit) });
  });

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

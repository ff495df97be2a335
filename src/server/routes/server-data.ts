import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { serverDataQuery } from '../../shared/telemetry';
import { TIME_STEPS, resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { serverTiming } from '../http/timing';

/** Builds the paged envelope around items that are already JSON texts (no parse and re-serialise). */
export function jsonEnvelope(req: FastifyRequest, paging: { limit: number; page: number }, total: number, items: string[]): string {
  const { pagination } = envelope(req, paging, { total, items: [] });
  return `{"pagination":${JSON.stringify(pagination)},"data":[${items.join(',')}]}`;
}

/** GET /servers/{id}/data/ (T; Minute, Hour or Day) and the fleet's latest points. */
export function serverDataRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/servers/:id/data', serverTiming, async (req, reply) => {
    const id = pathId(req);
    const q = parseInput(req, serverDataQuery);
    const server = id === null ? null : await store.servers.get(req.account.id, id);
    if (!server) throw notFound('server');
    const latest = await store.telemetry.latestTime(req.account.id, server.id, TIME_STEPS[q.time_step]);
    const w = resolveWindow(q, latest);
    const page = w ? await store.telemetry.serverSeriesJson(req.account.id, server.id, w, q) : { total: 0, items: [] };
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.items));
  });

  // Beyond the spec: the latest record of every server, for fleet views (one request, not one per server).
  app.get('/servers/latest_data', serverTiming, async (req, reply) => {
    const q = parseInput(req, pagingQuery);
    const page = await store.telemetry.latestOfServersJson(req.account.id, q);
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.items));
  });
}

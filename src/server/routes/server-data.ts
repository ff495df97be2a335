import type { FastifyInstance } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { serverDataQuery } from '../../shared/telemetry';
import { planWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { jsonEnvelope } from '../http/paging';
import { serverTiming } from '../http/timing';

/** GET /servers/{id}/data/ (T; Minute, Hour or Day) and the fleet's latest points. */
export function serverDataRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/servers/:id/data', serverTiming, async (req, reply) => {
    const id = pathId(req);
    const q = parseInput(req, serverDataQuery);
    // The server, its latest point and the page are read together (one round trip on PostgreSQL).
    const page = id === null ? null : await store.telemetry.serverSeriesJson(req.account.id, id, planWindow(q), q);
    if (!page) throw notFound('server');
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.json));
  });

  // Beyond the spec: the latest record of every server, for fleet views (one request, not one per server).
  app.get('/servers/latest_data', serverTiming, async (req, reply) => {
    const q = parseInput(req, pagingQuery);
    const page = await store.telemetry.latestOfServersJson(req.account.id, q);
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.json));
  });
}

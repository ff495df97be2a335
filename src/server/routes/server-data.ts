import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { serverDataQuery } from '../../shared/telemetry';
import { TIME_STEPS, resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { serverTiming } from '../http/timing';

const CLOSE = Buffer.from(']}');

/**
 * Builds the paged envelope around items that are already JSON (no parse and re-serialise): texts, or
 * the comma-joined items as UTF-8 bytes straight from the store.
 */
export function jsonEnvelope(req: FastifyRequest, paging: { limit: number; page: number }, total: number, items: string[] | Buffer): string | Buffer {
  const { pagination } = envelope(req, paging, { total, items: [] });
  const head = `{"pagination":${JSON.stringify(pagination)},"data":[`;
  return Buffer.isBuffer(items) ? Buffer.concat([Buffer.from(head), items, CLOSE]) : `${head}${items.join(',')}]}`;
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
    const page = w ? await store.telemetry.serverSeriesJson(req.account.id, server.id, w, q) : { total: 0, json: Buffer.alloc(0) };
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.json));
  });

  // Beyond the spec: the latest record of every server, for fleet views (one request, not one per server).
  app.get('/servers/latest_data', serverTiming, async (req, reply) => {
    const q = parseInput(req, pagingQuery);
    const page = await store.telemetry.latestOfServersJson(req.account.id, q);
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.json));
  });
}

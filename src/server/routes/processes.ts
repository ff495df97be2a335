import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DETAIL_NEAREST_WITHIN, parseUid, processDataQuery, processDetailQuery, processListQuery, serverDataQuery } from '../../shared/telemetry';
import { TIME_STEPS, resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput } from '../http/input';
import { serverOr404 } from '../http/lookups';
import { envelope, jsonEnvelope } from '../http/paging';
import { serverTiming } from '../http/timing';
import type { ProcessRecord } from '../store/repos/telemetry';

/** How far past a process's last_seen its newest minute may lie (last_seen is rewritten every 10 minutes). */
const LAST_SEEN_MARGIN = 660;

/** Server and process endpoints of the process data: lists, summaries, series and details. */
export function processRoutes(app: FastifyInstance, { store }: Deps) {
  /** The process of a uid; another account's server or an unknown process is a 404. */
  async function processOr404(req: FastifyRequest) {
    const p = parseUid((req.params as { uid: string }).uid);
    const s = p && (await store.servers.get(req.account.id, p.serverId));
    const proc = p && s ? await store.telemetry.process(req.account.id, p.serverId, p.pid, p.createTime) : null;
    if (!proc) throw notFound('process');
    return proc;
  }

  app.get('/servers/:id/processes', serverTiming, async (req) => {
    const s = await serverOr404(store, req);
    const q = parseInput(req, processListQuery);
    const range = q.start !== undefined && q.end !== undefined ? { start: q.start, end: q.end } : null;
    return envelope(req, q, await store.telemetry.processes(req.account.id, s.id, range, q));
  });

  app.get('/servers/:id/processes/data', serverTiming, async (req, reply) => {
    const s = await serverOr404(store, req);
    const q = parseInput(req, serverDataQuery);
    const w = resolveWindow(q, await store.telemetry.latestTime(req.account.id, s.id, TIME_STEPS[q.time_step]));
    const page = w ? await store.telemetry.processSummaryJson(req.account.id, s.id, w, q) : { total: 0, items: [] };
    return reply.type('application/json; charset=utf-8').send(jsonEnvelope(req, q, page.total, page.items));
  });

  /**
   * The time of the process's most recent point at `step`: its newest minute, found just after its
   * last_seen (exact to within 10 minutes), so a process that ended answers its own last points.
   */
  async function processLatest(accountId: number, p: ProcessRecord, step: number): Promise<number> {
    const w = { from: p.lastSeen, to: p.lastSeen + LAST_SEEN_MARGIN, step: 60 };
    const newest = await store.telemetry.processSeries(accountId, p.serverId, p.pid, p.createTime, w, { page: 0, limit: 1 });
    return Math.floor((newest.items[0]?.time ?? p.lastSeen) / step) * step;
  }

  app.get('/processes/:uid/data', serverTiming, async (req) => {
    const p = await processOr404(req);
    const q = parseInput(req, processDataQuery);
    const latest = q.end === undefined ? await processLatest(req.account.id, p, TIME_STEPS[q.time_step]) : null;
    const w = resolveWindow(q, latest);
    const page = w ? await store.telemetry.processSeries(req.account.id, p.serverId, p.pid, p.createTime, w, q) : { total: 0, items: [] };
    return envelope(req, q, page);
  });

  app.get('/processes/:uid/detail', async (req) => {
    const p = await processOr404(req);
    const q = parseInput(req, processDetailQuery);
    const near = q.nearest && q.time !== undefined ? q.time : null;
    const d = near !== null
      ? await store.telemetry.processDetailNear(req.account.id, p.serverId, p.pid, p.createTime, near, DETAIL_NEAREST_WITHIN)
      : await store.telemetry.processDetail(req.account.id, p.serverId, p.pid, p.createTime, q.time);
    const data: { files?: string[]; threads?: Record<string, string>[] } = {};
    if (d?.files) data.files = d.files;
    if (d?.threads) data.threads = d.threads;
    const pagination = { count: d ? 1 : 0, next: null, previous: null };
    // Extension: which minute answered (null: none within reach).
    return near !== null ? { pagination, data, time: d && 'time' in d ? d.time : null } : { pagination, data };
  });
}

import type { FastifyInstance } from 'fastify';
import { changesQuery } from '../../shared/changes';
import { processDiffQuery } from '../../shared/process-diff';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import { serverTiming } from '../http/timing';
import { changesAt } from '../services/changes';
import { diffServerProcesses } from '../services/process-diff';
import { serverOr404 } from '../http/lookups';

/** Investigating one server's past (beyond the spec): the process diff of two minutes, and what changed at a minute. */
export function timeTravelRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/servers/:id/processes/diff', serverTiming, async (req) => {
    const s = await serverOr404(store, req);
    const q = parseInput(req, processDiffQuery);
    return diffServerProcesses(store, req.account.id, s.id, q.from, q.to);
  });

  app.get('/servers/:id/changes', serverTiming, async (req) => {
    const s = await serverOr404(store, req);
    const q = parseInput(req, changesQuery);
    return changesAt(store, req.account.id, s.id, q.time, q.limit);
  });
}

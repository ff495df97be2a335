import type { FastifyInstance } from 'fastify';
import { logSearchQuery } from '../../shared/log-search';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/input';
import { envelope } from '../http/paging';
import { LogSearchError, searchLogs } from '../services/log-search';

/** GET /logs/search/: one search across every log of the account (issue 17). */
export function logSearchRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.get('/logs/search', async (req) => {
    const q = parseInput(req, logSearchQuery);
    try {
      return envelope(req, q, await searchLogs(store, req.account.id, q, now()));
    } catch (e) {
      if (e instanceof LogSearchError) throw badRequest(e.message, e.field);
      throw e;
    }
  });
}

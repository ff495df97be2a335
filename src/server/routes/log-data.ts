import type { FastifyInstance } from 'fastify';
import { logDataQuery, logDetailQuery } from '../../shared/log-data';
import type { Deps } from '../deps';
import { caselessSeverity, parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { isTransactionLog, logDetail, logOr404, logWindow, transactionLogDetail } from '../services/log-data';

/** logDetailQuery, severity in any case. */
export const logDetailInput = caselessSeverity(logDetailQuery);

/** GET /logs/{id}/data/ (per-minute severity counts) and /logs/{id}/detail/ (messages). */
export function logDataRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/logs/:id/data', async (req) => {
    const log = await logOr404(store, req.account.id, pathId(req));
    const q = parseInput(req, logDataQuery);
    const w = await logWindow(store, req.account.id, log.id, q);
    const page = w
      ? await store.logData.summary(req.account.id, log.id, w, { offset: q.page * q.limit, limit: q.limit })
      : { total: 0, items: [] };
    return envelope(req, q, page);
  });

  app.get('/logs/:id/detail', async (req) => {
    const log = await logOr404(store, req.account.id, pathId(req));
    const q = parseInput(req, logDetailInput);
    const page = isTransactionLog(log) ? await transactionLogDetail(store, req.account.id, log, { ...q, order: 'time' }) : await logDetail(store, req.account.id, log, q);
    return envelope(req, q, page);
  });
}

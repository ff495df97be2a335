import type { FastifyInstance } from 'fastify';
import { traceQuery, transactionLogQuery } from '../../shared/transaction-data';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { caselessSeverity, parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { logOr404, transactionLogDetail } from '../services/log-data';
import { assembleTrace, processOr404 } from '../services/trace';
import { transactionDetailQuery } from '../../shared/log-data';

const transactionDetailInput = caselessSeverity(transactionDetailQuery);

/** Transaction log detail (T), /transactions/log/ (messages of a span) and /transactions/trace/. */
export function transactionDataRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/transactions/logs/:id/detail', async (req) => {
    const log = await logOr404(store, req.account.id, pathId(req), true);
    const q = parseInput(req, transactionDetailInput);
    return envelope(req, q, await transactionLogDetail(store, req.account.id, log, q));
  });

  app.get('/transactions/log', async (req) => {
    const q = parseInput(req, transactionLogQuery);
    const log = await logOr404(store, req.account.id, q.lid, true);
    const wanted = q.type === 'url' ? 'AFURL' : 'AFSQL';
    if (log.sourceType !== wanted) throw badRequest(`type ${q.type} does not match log ${log.id}, which is ${log.sourceType}`, 'type');
    let pid: number | undefined;
    if (q.uid !== undefined) {
      const p = await processOr404(store, req.account.id, q.uid);
      if (p.serverId !== log.serverId) return [];
      pid = p.pid;
    }
    const rows = await store.traces.logMessages(req.account.id, log.id, q.start, q.start + q.duration, pid);
    return rows.map((m) => ({ type: m.logType, time: m.time, url: m.statement, ip: m.peerIp, ppid: m.ppid, pid: m.pid, id: m.id, port: m.peerPort }));
  });

  app.get('/transactions/trace', async (req) => assembleTrace(store, req.account.id, parseInput(req, traceQuery)));
}

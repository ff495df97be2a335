import type { FastifyInstance } from 'fastify';
import { traceQuery, transactionLogQuery, traceResponse, transactionLogEntry } from '../../shared/transaction-data';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { caselessSeverity, parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { logOr404, transactionLogDetail } from '../services/log-data';
import { assembleTrace, processOr404 } from '../services/trace';
import { transactionDetailQuery, logMessageRecord } from '../../shared/log-data';
import { z } from 'zod';
import { route } from '../http/route';

const transactionDetailInput = caselessSeverity(transactionDetailQuery);

/** Transaction log detail (T), /transactions/log/ (messages of a span) and /transactions/trace/. */
export function transactionDataRoutes(app: FastifyInstance, { store }: Deps) {
  route(app, {
    method: 'GET', path: '/transactions/logs/:id/detail',
    tag: 'Transactions', summary: 'Transaction messages (T: Minute; filter; order=time|duration, slowest first; each with its duration in seconds)',
    params: transactionDetailQuery, response: logMessageRecord, paged: true,
  }, async (req) => {
    const log = await logOr404(store, req.account.id, pathId(req), true);
    const q = parseInput(req, transactionDetailInput);
    return envelope(req, q, await transactionLogDetail(store, req.account.id, log, q));
  });

  route(app, {
    method: 'GET', path: '/transactions/log',
    tag: 'Transactions', summary: 'Transaction details of a process in a time span',
    params: transactionLogQuery, response: z.array(transactionLogEntry),
  }, async (req) => {
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

  route(app, {
    method: 'GET', path: '/transactions/trace',
    tag: 'Transactions', summary: 'Trace from a URL message, a SQL message or a process',
    params: traceQuery, response: traceResponse,
  }, async (req) => assembleTrace(store, req.account.id, parseInput(req, traceQuery)));
}

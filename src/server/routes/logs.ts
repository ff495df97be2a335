import type { FastifyInstance } from 'fastify';
import { logInput, logListQuery, TRANSACTION_LOG_TYPES, type LogInput } from '../../shared/logs';
import type { Deps } from '../deps';
import { toLogItem, toLogWritten } from '../http/answers';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { LogFields, LogRecord } from '../store/repos/logs';

/** A log as GET answers it. */
const fields = (i: LogInput): LogFields => ({ serverId: i.server, sourceType: i.type, source: i.source, limit: i.limit });
const isTransactionLog = (r: LogRecord) => (TRANSACTION_LOG_TYPES as readonly string[]).includes(r.source_type);

export function logRoutes(app: FastifyInstance, { store }: Deps) {
  async function logOr404(accountId: number, id: number | null) {
    const log = id === null ? null : await store.logs.get(accountId, id);
    if (!log) throw notFound('log');
    return log;
  }
  async function checkServer(accountId: number, serverId: number) {
    if ((await store.servers.missing(accountId, [serverId])).length) {
      throw badRequest(`server: no server with id ${serverId}`, 'server');
    }
  }
  function refuseTransactionLog(log: LogRecord): void {
    if (isTransactionLog(log)) throw forbidden(`${log.source_type} logs are managed by the transactions setting (PUT /api/transactions/)`);
  }

  app.get('/logs', async (req) => {
    const q = parseInput(req, logListQuery);
    const page = await store.logs.list(req.account.id, { serverId: q.server }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toLogItem) });
  });

  app.post('/logs', async (req, reply) => {
    const input = parseInput(req, logInput);
    await checkServer(req.account.id, input.server);
    const { record, created } = await store.logs.create(req.account.id, fields(input));
    reply.status(created ? 201 : 200);
    return toLogWritten(record);
  });

  app.get('/logs/:id', async (req) => toLogItem(await logOr404(req.account.id, pathId(req))));

  app.put('/logs/:id', async (req) => {
    const log = await logOr404(req.account.id, pathId(req));
    refuseTransactionLog(log);
    const input = parseInput(req, logInput);
    await checkServer(req.account.id, input.server);
    const r = await store.logs.update(req.account.id, log.id, fields(input));
    if (r.status === 'missing') throw notFound('log');
    if (r.status === 'duplicate') throw conflict(`log ${r.id} already has this server, type and source`, 'source');
    return toLogWritten(r.record);
  });

  app.delete('/logs/:id', async (req) => {
    const log = await logOr404(req.account.id, pathId(req));
    refuseTransactionLog(log);
    if (!(await store.logs.delete(req.account.id, log.id))) throw notFound('log');
    return { result: 'Success' };
  });
}

import type { FastifyInstance } from 'fastify';
import { LOG_SOURCE_TYPES, logInput, logListQuery, TRANSACTION_LOG_TYPES, type LogInput, logItem, logWritten } from '../../shared/logs';
import type { Deps } from '../deps';
import { toLogItem, toLogWritten } from '../http/answers';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { LogFields, LogRecord } from '../store/repos/logs';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';

/** A log as GET answers it. */
const fields = (i: LogInput): LogFields => ({ serverId: i.server, sourceType: i.type, source: i.source, limit: i.limit });
const isTransactionLog = (r: LogRecord) => (TRANSACTION_LOG_TYPES as readonly string[]).includes(r.source_type);

/** Log create and update fields whose rules the zod schema checks by hand. */
const LOG_FIELDS: Record<string, JsonSchema> = {
  type: { type: 'string', enum: [...LOG_SOURCE_TYPES], description: 'source_type; AFSQL and AFURL logs come from the transactions setting' },
  source: { type: 'string', description: 'EVENTLOG: Application, System or Security. SYSLOG: a port 1-65535. FILE: an absolute path' },
};

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

  route(app, {
    method: 'GET', path: '/logs',
    tag: 'Logs', summary: 'Paged list of logs',
    params: logListQuery, response: logItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, logListQuery);
    const page = await store.logs.list(req.account.id, { serverId: q.server }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toLogItem) });
  });

  route(app, {
    method: 'POST', path: '/logs',
    tag: 'Logs', summary: 'Create',
    params: logInput, fields: LOG_FIELDS, response: logWritten, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, logInput);
    await checkServer(req.account.id, input.server);
    const { record, created } = await store.logs.create(req.account.id, fields(input));
    reply.status(created ? 201 : 200);
    return toLogWritten(record);
  });

  route(app, {
    method: 'GET', path: '/logs/:id',
    tag: 'Logs', summary: 'One item',
    response: logItem,
  }, async (req) => toLogItem(await logOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/logs/:id',
    tag: 'Logs', summary: 'Update',
    params: logInput, fields: LOG_FIELDS, response: logWritten,
  }, async (req) => {
    const log = await logOr404(req.account.id, pathId(req));
    refuseTransactionLog(log);
    const input = parseInput(req, logInput);
    await checkServer(req.account.id, input.server);
    const r = await store.logs.update(req.account.id, log.id, fields(input));
    if (r.status === 'missing') throw notFound('log');
    if (r.status === 'duplicate') throw conflict(`log ${r.id} already has this server, type and source`, 'source');
    return toLogWritten(r.record);
  });

  route(app, {
    method: 'DELETE', path: '/logs/:id',
    tag: 'Logs', summary: 'Delete',
    description: 'Deletes the log, its messages and its Log alerts (their histories stay readable), as deleting a server deletes its alerts.',
    response: successAnswer,
  }, async (req) => {
    const log = await logOr404(req.account.id, pathId(req));
    refuseTransactionLog(log);
    if (!(await store.logs.delete(req.account.id, log.id))) throw notFound('log');
    return { result: 'Success' };
  });
}

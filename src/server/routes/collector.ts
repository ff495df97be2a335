import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { batchBody } from '../../shared/batch-columns';
import { parseBatch } from '../../shared/batch-parse';
import { registration, batchResponse, collectorConfig, registerResponse, type Batch } from '../../shared/ingest';
import { evaluationPayload } from '../alerting/batch-parts';
import { defaultAlerts } from '../alerting/defaults';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { ApiError, badRequest, conflict, fromZod, notFound } from '../http/errors';
import { gunzipBody } from '../http/gzip';
import { parseInput } from '../http/input';
import { ensureTransactionLogs } from '../services/transactions';
import { z as zod } from 'zod';
import { route } from '../http/route';

/** Largest decompressed batch accepted, in bytes. */
export const BATCH_BODY_LIMIT = 64 * 1024 * 1024;
/** A batch may be for a minute at most this far ahead of the service's clock (clock skew). */
const FUTURE_SLACK = 300;

const gone = () => new ApiError(410, 'this server was deleted; its collector must stop');
const configQuery = zod.object({ guid: zod.string({ error: 'guid is required' }).min(1, { error: 'guid is required' }) });

/** Validates a JSON object body against a collector schema; the 400 names the path of what is wrong. */
function parseBody<T>(req: FastifyRequest, schema: { safeParse(input: unknown): z.ZodSafeParseResult<T> }): T {
  const body = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('the body must be a JSON object');
  const r = schema.safeParse(body);
  if (!r.success) throw fromZod(r.error, body as Record<string, unknown>);
  return r.data;
}

/** What a stored batch brought, by kind of row (counted by /metrics). */
function batchRows(b: Batch): Record<string, number> {
  return {
    server_samples: 1,
    processes: b.processes.length,
    connections: b.connections.length,
    log_lines: b.logs.reduce((n, l) => n + l.messages.length, 0),
    polled: b.polled.length,
    statsd: b.statsd.length,
    transactions: b.transactions.length,
  };
}

/** The collector protocol of src/shared/ingest.ts: register, pull configuration, upload batches. */
export function collectorRoutes(app: FastifyInstance, { store, now, events, config: settings }: Deps) {
  const opts = { preParsing: gunzipBody, bodyLimit: BATCH_BODY_LIMIT };

  route(app, {
    method: 'POST', path: '/collector/register',
    tag: 'Collector', summary: 'Register a server by guid (201 new, 200 known; 410 if deleted)',
    params: registration, jsonOnly: true, response: registerResponse,
  }, opts, async (req, reply) => {
    const reg = parseBody(req, registration);
    const r = await store.telemetry.register(req.account.id, reg, req.ip, now(), settings.defaultAlerts ? defaultAlerts : undefined);
    if (r.kind === 'gone') throw gone();
    if (r.created) emitEvent(events, 'server-registered', { accountId: req.account.id, serverId: r.serverId });
    await ensureTransactionLogs(store, req.account.id, r.serverId);
    const config = await store.telemetry.collectorConfig(req.account.id, r.serverId);
    return reply.status(r.created ? 201 : 200).send({ server_id: r.serverId, config });
  });

  route(app, {
    method: 'GET', path: '/collector/config',
    tag: 'Collector', summary: "The server's collector configuration (pulled each minute)",
    params: configQuery, response: collectorConfig,
  }, async (req) => {
    const { guid } = parseInput(req, configQuery);
    const found = await store.telemetry.byGuid(req.account.id, guid);
    if (found.kind === 'gone') throw gone();
    if (found.kind === 'unknown') throw notFound('server of this guid (register it first)');
    return store.telemetry.collectorConfig(req.account.id, found.serverId);
  });

  // The answer is a few bytes, never past compression's threshold: the busiest route skips its two hooks.
  route(app, {
    method: 'POST', path: '/collector/batches',
    tag: 'Collector', summary: 'Upload one minute (201 stored; 200 {stored:false} for a replayed batch_id; gzip accepted)',
    params: batchBody, jsonOnly: true, response: batchResponse, status: 201,
  }, { ...opts, compress: false }, async (req, reply) => {
    const b = parseBody(req, { safeParse: parseBatch });
    const t = now();
    if (b.minute > t + FUTURE_SLACK) throw badRequest(`minute ${b.minute} is in the future (now is ${t})`, 'minute');
    const found = await store.telemetry.byGuid(req.account.id, b.guid);
    if (found.kind === 'gone') throw gone();
    if (found.kind === 'unknown') throw conflict(`unknown guid ${b.guid}: register the server first (POST /api/v5/collector/register)`, 'guid');
    const stored = await store.telemetry.ingest(req.account.id, found.serverId, b, t, (types) => evaluationPayload(b, types));
    if (stored) {
      emitEvent(events, 'batch-stored', { accountId: req.account.id, serverId: found.serverId, minute: b.minute });
      emitEvent(events, 'ingested', { source: 'collector', rows: batchRows(b) });
    }
    return reply.status(stored ? 201 : 200).send({ stored, server_id: found.serverId });
  });
}

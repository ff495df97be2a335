import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { ApiError, badRequest } from '../http/errors';
import { ingestAccount } from '../http/ingest-auth';
import { route } from '../http/route';
import { BadWriteRequest, decodeWriteRequest } from '../ingest/remote-write';
import { DEFAULT_SERIES_LIMITS, writeSeries } from '../services/labelled-series';

/** Remote writes decoded and stored at once per process before 429 (Config.remoteWrite.maxInFlight). */
const DEFAULT_IN_FLIGHT = 8;

/**
 * A counting gate taken when a request arrives, before its body is read, and given back as its answer
 * is about to be sent (so a client that has the answer finds the slot free) or when the client goes
 * first: beyond `max` writes in flight, 429 with Retry-After, which Prometheus retries with back-off
 * (remote-write spec) instead of dropping the batch.
 */
function inFlightGate(max: number) {
  let inFlight = 0;
  const held = new WeakMap<FastifyRequest, () => void>();
  return {
    async take(req: FastifyRequest, reply: FastifyReply) {
      if (inFlight >= max) throw new ApiError(429, `too many remote writes in flight (${max}); retry later`, undefined, { 'Retry-After': '1' });
      inFlight++;
      let given = false;
      const give = () => {
        if (!given) inFlight--;
        given = true;
      };
      held.set(req, give);
      reply.raw.once('close', give);
    },
    async give(req: FastifyRequest) {
      held.get(req)?.();
    },
  };
}

/**
 * Prometheus remote write 1.0 in (issue 20): POST /api/v1/write, a snappy block-compressed protobuf
 * WriteRequest, signed in by an ingest token (Bearer) or Basic. Answers 204 once the write committed;
 * a bad payload is refused whole (400, nothing stored); a series cap 400/422. Outside /api/v5: the
 * path is Prometheus's own.
 */
export async function remoteWriteRoutes(app: FastifyInstance, deps: Deps) {
  const limits = { ...DEFAULT_SERIES_LIMITS, ...deps.config.remoteWrite };
  const gate = inFlightGate(deps.config.remoteWrite?.maxInFlight ?? DEFAULT_IN_FLIGHT);
  await app.register(
    async (rw) => {
      rw.addContentTypeParser('application/x-protobuf', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      route(rw, {
        method: 'POST', path: '/write', tag: 'Peer protocols', status: 204,
        summary: 'Prometheus remote write 1.0: a snappy block-compressed protobuf WriteRequest into labelled series (docs/remote-write.md)',
        description: 'Answers 204 once the write committed; 400 for a bad payload (nothing stored); 415 for remote write 2.0 or another encoding; 429 with Retry-After under back-pressure.',
        peer: { accepts: ['application/x-protobuf'], auth: 'ingest' },
      }, { onRequest: gate.take, onSend: async (req) => gate.give(req) }, async (req, reply) => {
        const accountId = await ingestAccount(deps, req);
        const type = String(req.headers['content-type'] ?? '');
        if (/proto=io\.prometheus\.write\.v2/.test(type)) throw new ApiError(415, 'remote write 2.0 is not supported; send remote write 1.0 (protobuf_message: prometheus.WriteRequest)');
        const encoding = req.headers['content-encoding'];
        if (encoding !== undefined && encoding.toLowerCase() !== 'snappy') throw new ApiError(415, `Content-Encoding ${encoding} is not supported; remote write bodies are snappy`);
        if (!Buffer.isBuffer(req.body)) throw badRequest('the body must be a snappy-compressed protobuf WriteRequest (Content-Type: application/x-protobuf)');
        let series;
        try {
          series = decodeWriteRequest(req.body);
        } catch (err) {
          if (err instanceof BadWriteRequest) throw badRequest(err.message);
          throw err;
        }
        const samples = await writeSeries(deps.store, accountId, series, limits, deps.now());
        emitEvent(deps.events, 'ingested', { source: 'remote_write', rows: { samples } });
        return reply.code(204).send();
      });
    },
    { prefix: '/api/v1' },
  );
}

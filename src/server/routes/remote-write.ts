import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { ApiError, badRequest } from '../http/errors';
import { inFlightGate } from '../http/in-flight-gate';
import { ingestAccount } from '../http/ingest-auth';
import { route } from '../http/route';
import { remoteNodeFeeder } from '../ingest/remote-node';
import { BadWriteRequest, decodeWriteRequest } from '../ingest/remote-write';
import { DEFAULT_SERIES_LIMITS, writeSeries } from '../services/labelled-series';
import { SeriesCache } from '../services/series-cache';

/** Remote writes decoded and stored at once per process before 429 (Config.remoteWrite.maxInFlight). */
const DEFAULT_IN_FLIGHT = 8;

/**
 * Prometheus remote write 1.0 in (issue 20): POST /api/v1/write, a snappy block-compressed protobuf
 * WriteRequest, signed in by an ingest token (Bearer) or Basic. Answers 204 once the write committed;
 * a bad payload is refused whole (400, nothing stored); a series cap 400/422. node_exporter series of a
 * scrape target's instance also feed its server (ingest/remote-node.ts). Outside /api/v5: the path is
 * Prometheus's own.
 */
export async function remoteWriteRoutes(app: FastifyInstance, deps: Deps) {
  const limits = { ...DEFAULT_SERIES_LIMITS, ...deps.config.remoteWrite };
  const nodes = remoteNodeFeeder(deps);
  const gate = inFlightGate(deps.config.remoteWrite?.maxInFlight ?? DEFAULT_IN_FLIGHT);
  // Series this process wrote lately, known again by their label bytes (services/series-cache.ts).
  const known = new SeriesCache();
  await app.register(
    async (rw) => {
      rw.addContentTypeParser('application/x-protobuf', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      // 204 or a short error: nothing to compress, so no compression hooks on each write.
      route(rw, {
        method: 'POST', path: '/write', tag: 'Peer protocols', status: 204,
        summary: 'Prometheus remote write 1.0: a snappy block-compressed protobuf WriteRequest into labelled series (docs/remote-write.md)',
        description: 'Answers 204 once the write committed; 400 for a bad payload (nothing stored); 415 for remote write 2.0 or another encoding; 429 with Retry-After under back-pressure.',
        peer: { accepts: ['application/x-protobuf'], auth: 'ingest' },
      }, { onRequest: gate.take, onSend: async (req) => gate.give(req), compress: false }, async (req, reply) => {
        const accountId = await ingestAccount(deps, req);
        const type = String(req.headers['content-type'] ?? '');
        if (/proto=io\.prometheus\.write\.v2/.test(type)) throw new ApiError(415, 'remote write 2.0 is not supported; send remote write 1.0 (protobuf_message: prometheus.WriteRequest)');
        const encoding = req.headers['content-encoding'];
        if (encoding !== undefined && encoding.toLowerCase() !== 'snappy') throw new ApiError(415, `Content-Encoding ${encoding} is not supported; remote write bodies are snappy`);
        if (!Buffer.isBuffer(req.body)) throw badRequest('the body must be a snappy-compressed protobuf WriteRequest (Content-Type: application/x-protobuf)');
        let series;
        try {
          series = decodeWriteRequest(req.body, known.reader(accountId));
        } catch (err) {
          if (err instanceof BadWriteRequest) throw badRequest(err.message);
          throw err;
        }
        const samples = await writeSeries(deps.store, accountId, series, limits, deps.now(), known);
        emitEvent(deps.events, 'ingested', { source: 'remote_write', rows: { samples } });
        // Stored already: a host that cannot be fed is logged, not a failed write (Prometheus would resend it).
        await nodes.offer(accountId, series).catch((err: unknown) => console.error('remote write of node_exporter series:', err));
        return reply.code(204).send();
      });
    },
    { prefix: '/api/v1' },
  );
}

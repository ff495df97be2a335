import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../shared/json-depth';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { ApiError, badRequest } from '../http/errors';
import { gunzipBody } from '../http/gzip';
import { ingestAccount } from '../http/ingest-auth';
import type { PeerProtocol } from '../http/openapi-operation';
import { route } from '../http/route';
import { decodeLogsJson, decodeTracesJson, responseJson } from '../ingest/otlp-json';
import { OtlpDecodeError, type ResourceLogs, type ResourceSpans } from '../ingest/otlp-model';
import { decodeLogsProto, decodeTracesProto, encodeResponseProto } from '../ingest/otlp-proto';
import { decodeMetricsJson, metricsResponseJson } from '../ingest/otlp-metrics-json';
import { decodeMetricsProto, encodeMetricsResponseProto } from '../ingest/otlp-metrics-proto';
import { inFlightGate } from '../http/in-flight-gate';
import { DEFAULT_SERIES_LIMITS } from '../services/labelled-series';
import { ingestLogs, ingestSpans, type OtlpOutcome } from '../services/otlp';
import { DeltaTotals, ingestMetrics } from '../services/otlp-metrics';

/** Largest decompressed export request accepted, in bytes. */
export const OTLP_BODY_LIMIT = 16 * 1024 * 1024;

type Encoding = 'protobuf' | 'json';
const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';

function encodingOf(req: FastifyRequest): Encoding {
  const media = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (media === PROTOBUF) return 'protobuf';
  if (media === JSON_TYPE) return 'json';
  throw new ApiError(415, `Content-Type ${media || '(none)'} is not supported; send ${PROTOBUF} or ${JSON_TYPE}`);
}

function jsonOf(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (jsonTooDeep(text)) throw badRequest(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`the body is not JSON: ${(err as Error).message}`);
  }
}

/** Decodes the body; a body that cannot be read is a 400 naming the field when there is one. */
function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch (err) {
    if (err instanceof OtlpDecodeError) throw badRequest(err.message, err.field);
    throw err;
  }
}

const bodyOf = (req: FastifyRequest): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

function answer(reply: FastifyReply, signal: 'traces' | 'logs' | 'metrics', encoding: Encoding, o: OtlpOutcome) {
  if (signal === 'metrics') {
    if (encoding === 'protobuf') return reply.code(200).type(PROTOBUF).send(Buffer.from(encodeMetricsResponseProto(o.rejected, o.message)));
    return reply.code(200).type(JSON_TYPE).send(metricsResponseJson(o.rejected, o.message));
  }
  if (encoding === 'protobuf') return reply.code(200).type(PROTOBUF).send(Buffer.from(encodeResponseProto(signal, o.rejected, o.message)));
  return reply.code(200).type(JSON_TYPE).send(responseJson(signal, o.rejected, o.message));
}

/**
 * OTLP/HTTP in (issue 20): `POST /v1/traces`, `/v1/logs` and `/v1/metrics`, protobuf or JSON, gzip
 * accepted, signed in by an ingest token (Bearer) or a user's key (Basic). Spans become transaction
 * messages of the trace view, log records messages of a log per service and host (services/otlp.ts),
 * metric data points labelled series as remote write stores them (services/otlp-metrics.ts), under
 * the same caps and in-flight limit (429 with Retry-After past it). 200
 * with the Export*ServiceResponse in the request's encoding once stored (partial_success when some
 * items were rejected); 400 for a body that cannot be read, 415 for another Content-Type; errors
 * in the API's JSON error shape. Outside /api: OTLP exporters append /v1/<signal> to their endpoint.
 */
export async function otlpRoutes(app: FastifyInstance, deps: Deps) {
  const limits = { ...DEFAULT_SERIES_LIMITS, ...deps.config.remoteWrite };
  const gate = inFlightGate(deps.config.remoteWrite?.maxInFlight ?? 8, 'metric exports');
  const totals = new DeltaTotals();
  await app.register(async (otlp) => {
    otlp.removeAllContentTypeParsers();
    otlp.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: OTLP_BODY_LIMIT }, (_req, body, done) => done(null, body));
    const opts = { preParsing: gunzipBody, bodyLimit: OTLP_BODY_LIMIT };

    const peer: PeerProtocol = { accepts: ['application/x-protobuf', 'application/json'], answers: 'application/x-protobuf', auth: 'ingest' };
    route(otlp, {
      method: 'POST', path: '/v1/traces', tag: 'Peer protocols', peer,
      summary: 'OTLP/HTTP traces: spans become transaction messages and trace hops (docs/opentelemetry.md)',
      description: 'Protobuf or JSON (hex trace and span ids), gzip accepted; answers ExportTraceServiceResponse in the encoding of the request (partial_success when some spans were rejected).',
    }, opts, async (req, reply) => {
      const accountId = await ingestAccount(deps, req);
      const encoding = encodingOf(req);
      const body = bodyOf(req);
      const resources: ResourceSpans[] = decoded(() => (encoding === 'protobuf' ? decodeTracesProto(body) : decodeTracesJson(jsonOf(body))));
      const outcome = await ingestSpans(deps.store, accountId, resources, deps.now());
      emitEvent(deps.events, 'ingested', { source: 'otlp', rows: { spans: outcome.accepted } });
      return answer(reply, 'traces', encoding, outcome);
    });

    route(otlp, {
      method: 'POST', path: '/v1/logs', tag: 'Peer protocols', peer,
      summary: 'OTLP/HTTP logs: log records become messages of a log per service and host, searchable like the rest',
      description: 'Protobuf or JSON, gzip accepted; answers ExportLogsServiceResponse in the encoding of the request.',
    }, opts, async (req, reply) => {
      const accountId = await ingestAccount(deps, req);
      const encoding = encodingOf(req);
      const body = bodyOf(req);
      const resources: ResourceLogs[] = decoded(() => (encoding === 'protobuf' ? decodeLogsProto(body) : decodeLogsJson(jsonOf(body))));
      const outcome = await ingestLogs(deps.store, accountId, resources, deps.now());
      emitEvent(deps.events, 'ingested', { source: 'otlp', rows: { logs: outcome.accepted } });
      return answer(reply, 'logs', encoding, outcome);
    });

    route(otlp, {
      method: 'POST', path: '/v1/metrics', tag: 'Peer protocols', peer,
      summary: 'OTLP/HTTP metrics: gauges, sums (delta accumulated), histograms and summaries become labelled series, queried with PromQL',
      description: 'Protobuf or JSON, gzip accepted; answers ExportMetricsServiceResponse (partial_success names refused points, e.g. exponential histograms); 429 with Retry-After past the in-flight limit.',
    }, { ...opts, onRequest: gate.take, onSend: async (req) => gate.give(req) }, async (req, reply) => {
      const accountId = await ingestAccount(deps, req);
      const encoding = encodingOf(req);
      const body = bodyOf(req);
      const resources = decoded(() => (encoding === 'protobuf' ? decodeMetricsProto(body) : decodeMetricsJson(jsonOf(body))));
      const outcome = await ingestMetrics(deps.store, accountId, resources, limits, deps.now(), totals);
      emitEvent(deps.events, 'ingested', { source: 'otlp', rows: { samples: outcome.accepted } });
      return answer(reply, 'metrics', encoding, outcome);
    });
  });
}

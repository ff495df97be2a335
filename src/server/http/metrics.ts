import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { LOOPBACK_NETS, inAny, parseAddress, parseCidrList, type Cidr } from '../cidr';
import type { Deps } from '../deps';
import { onEvent } from '../events';
import { ApiError } from './errors';
import { storeGauges } from './metrics-store';
import { route } from './route';


const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * Whether a request may read /metrics: its client address (X-Forwarded-For only from proxies
 * TRUST_PROXY names) and every address an X-Forwarded-For header names must be in an allowed
 * network, so a proxy on this box that forwards the public does not make every caller look local.
 */
export function metricsAllowed(req: FastifyRequest, nets: readonly Cidr[]): boolean {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [req.ip, ...forwarded].every((a) => {
    const addr = parseAddress(a);
    return addr !== null && inAny(addr, nets);
  });
}

/**
 * Fleetwatch's own `GET /metrics` in Prometheus text exposition, with a registry of this app's own
 * (tests run several apps in one process): HTTP requests by method, route pattern and status class;
 * ingest batches and rows (the `ingested` event); evaluation lag (the `evaluated` event); the store's
 * gauges read on each scrape (metrics-store.ts); the process metrics of prom-client. Unauthenticated,
 * answered only to METRICS_ALLOW_NETS (403 elsewhere); an empty list turns it off (404).
 */
export function installMetrics(app: FastifyInstance, deps: Deps): (scope: FastifyInstance) => void {
  const registry = new Registry();
  // The process metrics start an event-loop monitor and a GC observer that prom-client never stops:
  // started at the first scrape, so the many apps a test process builds without scraping pay nothing.
  let processMetrics = false;
  const registers = [registry];
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'fleetwatch_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class', labelNames, registers });
  const duration = new Histogram({ name: 'fleetwatch_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route pattern and status class', labelNames, buckets: SECONDS_BUCKETS, registers });
  const batches = new Counter({ name: 'fleetwatch_ingest_batches_total', help: 'Batches accepted (stored) by ingest path', labelNames: ['source'], registers });
  const rows = new Counter({ name: 'fleetwatch_ingest_rows_total', help: 'Rows accepted by ingest path and kind of row', labelNames: ['source', 'kind'], registers });
  const lag = new Histogram({ name: 'fleetwatch_evaluation_lag_seconds', help: "Time from a batch's acknowledgement to the commit of its alert evaluation (evaluated in this process)", buckets: LAG_BUCKETS, registers });
  const refresh = storeGauges(registry, deps.store);

  // The route's pattern (`/api/v5/servers/:id`), never the raw URL: no ids and no account data in labels.
  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? '(unmatched)', status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  const offs = [
    onEvent(deps.events, 'ingested', (e) => {
      batches.inc({ source: e.source });
      for (const [kind, n] of Object.entries(e.rows)) rows.inc({ source: e.source, kind }, n);
    }),
    onEvent(deps.events, 'evaluated', (e) => lag.observe(e.lagMs / 1000)),
  ];
  app.addHook('onClose', async () => offs.forEach((off) => off()));

  const nets = parseCidrList(deps.config.metricsAllowNets ?? LOOPBACK_NETS);
  // The route goes where the caller collects peer operations (the OpenAPI document); the hooks stay on `app`.
  return (scope: FastifyInstance) => route(scope, {
    method: 'GET', path: '/metrics', tag: 'Peer protocols',
    summary: "Fleetwatch's own metrics in Prometheus text exposition (docs/operations.md), served only to METRICS_ALLOW_NETS",
    peer: { answers: 'text/plain; version=0.0.4', auth: 'network' },
  }, async (req, reply) => {
    // Off is a 404 of its own: otherwise the dashboard's single-page fallback would answer its shell.
    if (!nets.length) throw new ApiError(404, 'not found');
    if (!metricsAllowed(req, nets)) throw new ApiError(403, 'metrics are served only to the networks METRICS_ALLOW_NETS allows');
    if (!processMetrics) {
      collectDefaultMetrics({ register: registry });
      processMetrics = true;
    }
    await refresh();
    void reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

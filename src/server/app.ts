import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { Deps } from './deps';
import { enforceRoles } from './http/access';
import { installAudit } from './http/audit';
import { acceptPatch } from './http/patch';
import { installSecurityHeaders, staticCacheControl } from './http/headers';
import { DEFAULT_TIMEOUTS, clientErrorHandler, spareSocketsBeingAnswered, timeoutOptions } from './http/timeouts';
import { authenticate as sessionOrBasic } from './http/auth';
import { sessionReader } from './http/sessions';
import { ApiError, installErrorHandling, sendError } from './http/errors';
import { acceptEmptyJsonBody } from './http/json-body';
import { installCsvExport } from './http/csv-export';
import { installMetrics } from './http/metrics';
import type { Operation } from './http/openapi-operation';
import { collectOperations } from './http/route';
import { alertHistoryRoutes } from './routes/alert-histories';
import { incidentRoutes } from './routes/incidents';
import { alertBacktestRoutes } from './routes/alert-backtest';
import { alertBulkRoutes } from './routes/alert-bulk';
import { alertRoutes } from './routes/alerts';
import { avatarRoutes } from './routes/avatars';
import { logDataRoutes } from './routes/log-data';
import { bucketRoutes } from './routes/buckets';
import { logRoutes } from './routes/logs';
import { openApiRoutes } from './routes/openapi';
import { alertDeliveryRoutes } from './routes/alert-deliveries';
import { polledDataRoutes } from './routes/polled-data';
import { topologyRoutes } from './routes/topology';
import { transactionDataRoutes } from './routes/transaction-data';
import { transactionSettingsRoutes } from './routes/transactions-settings';
import { maintenanceWindowRoutes } from './routes/maintenance-windows';
import { polledDataConfigRoutes } from './routes/polled-data-config';
import { applicationRoutes } from './routes/applications';
import { autodetectRoutes } from './routes/autodetect';
import { serverSetRoutes } from './routes/server-sets';
import { serverTagRoutes } from './routes/server-tags';
import { serverRoutes } from './routes/servers';
import { silenceRoutes } from './routes/silences';
import { scheduleRoutes } from './routes/schedules';
import { channelRoutes } from './routes/channels';
import { scrapeTargetRoutes } from './routes/scrape-targets';
import { userRoutes } from './routes/users';
import { sessionRoutes } from './routes/session';
import { teamRoutes } from './routes/team';
import { invitationRoutes } from './routes/invitations';
import { collectorRoutes } from './routes/collector';
import { processRoutes } from './routes/processes';
import { serverDataRoutes } from './routes/server-data';
import { timeTravelRoutes } from './routes/time-travel';
import { logSearchRoutes } from './routes/log-search';
import { healthRoutes } from './routes/health';
import { notificationSettingsRoutes } from './routes/notification-settings';
import { retentionRoutes } from './routes/retention';
import { alertmanagerRoutes } from './routes/alertmanager';
import { otlpRoutes } from './routes/otlp';
import { prometheusApiRoutes } from './routes/prometheus-api';
import { remoteWriteRoutes } from './routes/remote-write';
import { externalAlertRoutes } from './routes/external-alerts';
import { escalationPolicyRoutes } from './routes/escalation-policies';
import { pagerDutyWebhookRoutes } from './routes/pagerduty-webhook';

/** The route modules of the API, each registered under /api and /api/v5 (registerApi). */
export const API_ROUTES: ((app: FastifyInstance, deps: Deps) => void)[] = [serverRoutes, serverTagRoutes, userRoutes, serverSetRoutes, maintenanceWindowRoutes, polledDataConfigRoutes, applicationRoutes, autodetectRoutes, logRoutes, transactionSettingsRoutes, bucketRoutes, logDataRoutes, logSearchRoutes, polledDataRoutes, transactionDataRoutes, topologyRoutes, alertRoutes, alertBacktestRoutes, alertBulkRoutes, alertHistoryRoutes, incidentRoutes, collectorRoutes, serverDataRoutes, processRoutes, timeTravelRoutes, alertDeliveryRoutes, silenceRoutes, scheduleRoutes, channelRoutes, scrapeTargetRoutes, notificationSettingsRoutes, externalAlertRoutes, teamRoutes, invitationRoutes, sessionRoutes, escalationPolicyRoutes, pagerDutyWebhookRoutes, retentionRoutes];

/**
 * Registers the API's routes on `api` (one prefix) and its OpenAPI document, built from the
 * operations those routes declare. Answers the operations and what was registered without one (openapi.test.ts).
 */
export function registerApi(api: FastifyInstance, deps: Deps, peer: readonly Operation[] = []): ReturnType<typeof collectOperations> {
  const collected = collectOperations(api);
  for (const routes of API_ROUTES) routes(api, deps);
  openApiRoutes(api, collected.operations, peer);
  return collected;
}

/**
 * Other tools' own protocols, at their own paths outside /api/v5, each signed in by an ingest token
 * or Basic (http/ingest-auth.ts): Alertmanager's alert intake (POST /api/v2/alerts), OTLP/HTTP
 * (/v1/...), Prometheus remote write and query API (/api/v1/...), and /metrics. Answers what they
 * declare (and what was registered without a declaration, which openapi.test.ts refuses).
 */
export async function registerPeerProtocols(app: FastifyInstance, deps: Deps, metricsRoute: (scope: FastifyInstance) => void): Promise<ReturnType<typeof collectOperations>> {
  let collected: ReturnType<typeof collectOperations> | undefined;
  await app.register(async (peer) => {
    collected = collectOperations(peer);
    await alertmanagerRoutes(peer, deps);
    await otlpRoutes(peer, deps);
    await remoteWriteRoutes(peer, deps);
    await prometheusApiRoutes(peer, deps);
    metricsRoute(peer);
  });
  return collected!;
}

/** Routes outside sign-in: the document (no tenant data) and signing in itself. */
const PUBLIC_PATHS = new Set(['GET /api/openapi.json', 'GET /api/v5/openapi.json', 'POST /api/session', 'POST /api/v5/session']);
/** E-mailed acknowledge links (GET reads, POST acts): the signed link is the credential, not a sign-in. */
const ACK_LINK = /^\/api(\/v5)?\/ack\/[^/]+\/?$/;
/** E-mailed invitation links (GET reads, POST accepts): the link is the invitee's credential; nobody is signed in yet. */
const INVITATION_LINK = /^\/api(\/v5)?\/invitations\/accept\/[^/]+\/?$/;
/** PagerDuty's v3 webhook (POST only): its HMAC signature under the channel's secret is the credential (routes/pagerduty-webhook.ts). */
const PAGERDUTY_WEBHOOK = /^\/api(\/v5)?\/channels\/[^/]+\/pagerduty_webhook\/?$/;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

const MAX_PARAM_LENGTH = 500;

/** Builds the service without listening: tests inject or listen on a loopback port. */
export async function buildApp(deps: Deps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const authenticate = sessionOrBasic(deps, sessionReader(deps));
  const checkRole = enforceRoles(deps);
  // Every /api request but the public document signs in first, even one that will be a 404, a 405 or
  // an unparsable path: what exists under /api is not shown to anonymous callers.
  const signIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (!path.startsWith('/api') || PUBLIC_PATHS.has(`${method} ${path.replace(/\/$/, '')}`)) return;
    if ((method === 'GET' || method === 'POST') && (ACK_LINK.test(path) || INVITATION_LINK.test(path))) return;
    if (method === 'POST' && PAGERDUTY_WEBHOOK.test(path)) return;
    await authenticate(req, reply);
  };

  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.config.timeouts };
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    ...timeoutOptions(timeouts),
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: deps.config.bodyLimit ?? 8 * 1024 * 1024,
    // Off unless configured: X-Forwarded-For is only believed from the proxies named (TRUST_PROXY).
    trustProxy: deps.config.trustProxy ?? false,
    // Errors the router raises before any route or hook runs, answered in the API's shape.
    frameworkErrors: (err, req, reply) => void answerFrameworkError(err, req, reply, signIn),
  });
  spareSocketsBeingAnswered(app.server);
  installErrorHandling(app);
  installSecurityHeaders(app);
  // br or gzip for every text answer over 1 KiB (HTML, JS, CSS, JSON, SVG).
  // Request bodies are not inflated here: the collector route does it itself, under its own size limit.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });

  // A shadow router of every API route, to tell 405 (path exists, method doesn't) from 404.
  const known = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    acceptPatch(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD' || known.find(m as 'GET', route.url)) continue;
      known.on(m as 'GET', route.url, () => undefined);
    }
  });

  await app.register(cookie);
  await app.register(formbody);
  acceptEmptyJsonBody(app);

  // Filled once the peer protocols are registered below; the document is built at its first request.
  const peerOperations: Operation[] = [];
  for (const prefix of ['/api', '/api/v5']) {
    await app.register(
      async (api) => {
        api.addHook('onRequest', signIn);
        api.addHook('onRequest', async (req, reply) => {
          if (req.user) await checkRole(req, reply);
        });
        installAudit(api, deps);
        installCsvExport(api);
        registerApi(api, deps, peerOperations);
      },
      { prefix },
    );
  }

  const metricsRoute = installMetrics(app, deps);
  peerOperations.push(...(await registerPeerProtocols(app, deps, metricsRoute)).operations);
  avatarRoutes(app);
  healthRoutes(app, deps);
  const webDir = deps.config.webDir;
  const serveWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // The build wrote .br and .gz beside each asset (vite.config.ts): sent as they are when accepted.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => void res.header('Cache-Control', staticCacheControl(filePath)),
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api')) {
      await signIn(req, reply);
      const allowed = METHODS.filter((m) => known.find(m, path));
      if (allowed.length) {
        throw new ApiError(405, `${req.method} is not allowed here; use ${allowed.join(', ')}`, undefined, {
          Allow: allowed.join(', '),
        });
      }
      throw new ApiError(404, `no such endpoint: ${path}`);
    }
    // The dashboard is a single-page app: any other GET gets its shell.
    if (serveWeb && (req.method === 'GET' || req.method === 'HEAD')) return reply.sendFile('index.html');
    throw new ApiError(404, 'not found');
  });

  return app;
}

/**
 * A path that cannot be decoded is a 400. A path segment past the router's limit is a 404: no id of
 * the API is that long, so it names nothing, as any other malformed id does (no 414 is ever sent).
 */
async function answerFrameworkError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
  signIn: (req: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  try {
    await signIn(req, reply);
    if (err.code === 'FST_ERR_BAD_URL') throw new ApiError(400, 'the path is not valid');
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      throw new ApiError(404, `not found: a path segment is longer than ${MAX_PARAM_LENGTH} characters`);
    }
    throw new ApiError(500, 'internal error');
  } catch (e) {
    sendError(reply, e instanceof ApiError ? e : new ApiError(500, 'internal error'));
  }
}

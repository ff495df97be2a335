import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { ingestAccount } from '../http/ingest-auth';
import { route } from '../http/route';
import {
  labelNames, labelValues, parseDurationMs, parseTimeMs, queryInstant, queryRange, seriesMatching,
} from '../services/prometheus-query';
import { BadQuery } from '../services/promql-selector';
import { combinedSource, nativeSource } from '../services/promql-native';
import { labelledSeriesSource } from '../services/promql-source';

type Params = Record<string, unknown>;

/** A request's parameters: the query string, for POST the form body over it (as Prometheus reads both), then path parameters. */
function paramsOf(req: FastifyRequest): Params {
  const body = req.method === 'POST' && req.body && typeof req.body === 'object' ? (req.body as Params) : {};
  return { ...(req.query as Params), ...body, ...(req.params as Params) };
}

/** One text parameter; given twice or not text is a bad_data. */
function one(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new BadQuery(`invalid parameter "${name}": must be given once`);
  return v;
}
const required = (p: Params, name: string): string => one(p, name) ?? (() => { throw new BadQuery(`invalid parameter "${name}": required`); })();

/** match[] given zero or more times. */
function matches(p: Params): string[] {
  const v = p['match[]'];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x): x is string => typeof x === 'string')) throw new BadQuery('invalid parameter "match[]"');
  return list;
}

/** Series written since `start` (epoch ms), when given. */
const sinceOf = (p: Params): number => {
  const start = one(p, 'start');
  return start === undefined ? 0 : parseTimeMs(start, 'start');
};

/**
 * Answers in Prometheus's envelope; a BadQuery becomes its 400 bad_data shape (what Grafana and
 * promtool show), other errors (auth, store) go to the API's own error handling.
 */
function prom(deps: Deps, answer: (accountId: number, p: Params) => Promise<unknown>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const accountId = await ingestAccount(deps, req);
    try {
      const data = await answer(accountId, paramsOf(req));
      return reply.send({ status: 'success', data });
    } catch (err) {
      if (err instanceof BadQuery) return reply.code(400).send({ status: 'error', errorType: 'bad_data', error: err.message });
      throw err;
    }
  };
}

/**
 * The read side of Prometheus's HTTP API (issue 20) over labelled series, with the PromQL subset
 * of docs/promql.md: query_range, query, series, labels, label values and buildinfo, account-scoped
 * by an ingest token or Basic. Outside /api/v5: the paths are Prometheus's, so its clients find them.
 */
export async function prometheusApiRoutes(app: FastifyInstance, deps: Deps) {
  // Labelled series (remote write, OTLP) beside the native servers, processes and applications.
  const source = combinedSource(labelledSeriesSource(deps.store), nativeSource(deps.store, () => deps.now() * 1000));
  await app.register(
    async (api) => {
      // GET and POST (a form) alike, as Prometheus answers them; each is declared for the OpenAPI document.
      const both = (path: string, summary: string, handler: ReturnType<typeof prom>) => {
        for (const method of ['GET', 'POST'] as const) {
          route(api, { method, path, tag: 'Peer protocols', summary, peer: { ...(method === 'POST' ? { accepts: ['application/x-www-form-urlencoded'] } : {}), answers: 'application/json', auth: 'ingest' } }, handler);
        }
      };
      both('/query_range', 'Prometheus query API: a PromQL range query (docs/promql.md)', prom(deps, async (accountId, p) => {
        const start = parseTimeMs(required(p, 'start'), 'start');
        const end = parseTimeMs(required(p, 'end'), 'end');
        const step = parseDurationMs(required(p, 'step'), 'step');
        return queryRange(source, accountId, required(p, 'query'), start, end, step);
      }));
      both('/query', 'Prometheus query API: a PromQL instant query', prom(deps, async (accountId, p) => {
        const t = one(p, 'time');
        const at = t === undefined ? deps.now() * 1000 : parseTimeMs(t, 'time');
        return queryInstant(source, accountId, required(p, 'query'), at);
      }));
      both('/series', 'Prometheus query API: the label sets of the series match[] selects', prom(deps, async (accountId, p) => {
        const m = matches(p);
        if (m.length === 0) throw new BadQuery('no match[] parameter provided');
        return seriesMatching(source, accountId, m, sinceOf(p));
      }));
      both('/labels', 'Prometheus query API: label names in use', prom(deps, async (accountId, p) => labelNames(await seriesMatching(source, accountId, matches(p), sinceOf(p)))));
      route(api, {
        method: 'GET', path: '/label/:name/values', tag: 'Peer protocols', summary: 'Prometheus query API: the values of one label',
        peer: { answers: 'application/json', auth: 'ingest' },
      }, prom(deps, async (accountId, p) => {
        const name = String(p.name);
        return labelValues(await seriesMatching(source, accountId, matches(p), sinceOf(p)), name);
      }));
      route(api, {
        method: 'GET', path: '/status/buildinfo', tag: 'Peer protocols', summary: 'Prometheus query API: the API level answered (what Grafana asks first)',
        peer: { answers: 'application/json', auth: 'ingest' },
      }, async (req, reply) => {
        await ingestAccount(deps, req);
        return reply.send({
          status: 'success',
          // The Prometheus API level this subset follows; revision names what answers.
          data: { version: '2.45.0', revision: 'fleetwatch', branch: 'fleetwatch', buildUser: 'fleetwatch', buildDate: '', goVersion: '' },
        });
      });
    },
    { prefix: '/api/v1' },
  );
}

import type { FastifyInstance } from 'fastify';
import { SCRAPE_TARGET_READ_ONLY, scrapeTargetInput, scrapeTargetItem, scrapeTargetListQuery } from '../../shared/scrape-targets';
import { netPolicy } from '../alerting/net-policy';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';
import { createScrapeTarget, toScrapeTargetItem, updateScrapeTarget } from '../services/scrape-targets';

const TAG = 'Scrape targets';
const FIELDS: Record<string, JsonSchema> = {
  url: { type: 'string', description: "node_exporter's metrics URL (http or https, e.g. http://10.0.0.7:9100/metrics). The network policy refuses loopback unless allowed, link-local and metadata addresses: a 400." },
  labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Labels of the target (a JSON object of strings; kept for labelled series).' },
};

/**
 * Extension (issue 20): scrape targets. Each node_exporter endpoint is scraped every `interval`
 * seconds and its host becomes a server of the account (ingest/scraper.ts). Everyone reads; Managers
 * and the owner write (http/access.ts, audited). The URL passes the network policy here and at every scrape.
 */
export function scrapeTargetRoutes(app: FastifyInstance, { store, now, config }: Deps) {
  const policy = netPolicy(config.outboundNets?.allow, config.outboundNets?.deny);
  async function targetOr404(accountId: number, id: number | null) {
    const t = id === null ? null : await store.scrapeTargets.get(accountId, id);
    if (!t) throw notFound('scrape target');
    return t;
  }

  route(app, {
    method: 'GET', path: '/scrape_targets',
    tag: TAG, summary: 'Paged list of scrape targets (node_exporter endpoints) with the state of their last scrape',
    params: scrapeTargetListQuery, response: scrapeTargetItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, scrapeTargetListQuery);
    const page = await store.scrapeTargets.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toScrapeTargetItem) });
  });

  route(app, {
    method: 'POST', path: '/scrape_targets',
    tag: TAG, summary: 'Add a scrape target (Manager/owner)',
    description: 'url, interval (seconds, 15-3600, default 60), labels. The host becomes a server after its first successful scrape; CPU, disk and network rates from the second.',
    params: scrapeTargetInput, fields: FIELDS, response: scrapeTargetItem, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, scrapeTargetInput, { readOnly: SCRAPE_TARGET_READ_ONLY });
    const t = await createScrapeTarget(store, req.account.id, input, policy, now());
    reply.status(201);
    return toScrapeTargetItem(t);
  });

  route(app, {
    method: 'GET', path: '/scrape_targets/:id',
    tag: TAG, summary: 'One scrape target',
    response: scrapeTargetItem,
  }, async (req) => toScrapeTargetItem(await targetOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/scrape_targets/:id',
    tag: TAG, summary: 'Replace a scrape target (Manager/owner)',
    description: 'Takes what create takes. The server stays the same; a changed URL forgets the counters, so the next scrape starts the rates again.',
    params: scrapeTargetInput, fields: FIELDS, response: scrapeTargetItem,
  }, async (req) => {
    const t = await targetOr404(req.account.id, pathId(req));
    const input = parseInput(req, scrapeTargetInput, { readOnly: SCRAPE_TARGET_READ_ONLY });
    return toScrapeTargetItem(await updateScrapeTarget(store, req.account.id, t.id, input, policy));
  });

  route(app, {
    method: 'DELETE', path: '/scrape_targets/:id',
    tag: TAG, summary: 'Delete a scrape target (Manager/owner); its server stays, and goes down when no batch arrives',
    response: successAnswer,
  }, async (req) => {
    const t = await targetOr404(req.account.id, pathId(req));
    await store.scrapeTargets.delete(req.account.id, t.id);
    return { result: 'Success' };
  });
}

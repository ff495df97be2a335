import type { FastifyInstance } from 'fastify';
import { externalAlertItem, externalAlertListQuery, ingestTokenCreated, ingestTokenInput, ingestTokenItem } from '../../shared/external-alerts';
import { pagingQuery } from '../../shared/paging';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import { createIngestToken, toExternalAlertItem, toIngestTokenItem } from '../services/external-alerts';

const TAG = 'External alerts';

/**
 * Extension (issue 19): the account's external alerts (every role reads them) and its ingest tokens
 * (Managers and the owner make, list and revoke them; http/access.ts). Alerts arrive at
 * POST /api/v2/alerts (routes/alertmanager.ts).
 */
export function externalAlertRoutes(app: FastifyInstance, { store, now }: Deps) {
  route(app, {
    method: 'GET', path: '/external_alerts',
    tag: TAG, summary: 'Alerts received from Prometheus, vmalert or Grafana, one per label set, most recently seen first; state=firing|resolved',
    params: externalAlertListQuery, response: externalAlertItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, externalAlertListQuery);
    const page = await store.externalAlerts.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toExternalAlertItem) });
  });

  route(app, {
    method: 'GET', path: '/external_alerts/:id',
    tag: TAG, summary: 'One external alert',
    response: externalAlertItem,
  }, async (req) => {
    const id = pathId(req);
    const a = id === null ? null : await store.externalAlerts.get(req.account.id, id);
    if (!a) throw notFound('external alert');
    return toExternalAlertItem(a);
  });

  route(app, {
    method: 'GET', path: '/ingest_tokens',
    tag: TAG, summary: 'Ingest tokens of the account, newest first; the tokens themselves are never shown again (Manager/owner)',
    params: pagingQuery, response: ingestTokenItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, pagingQuery);
    const page = await store.ingestTokens.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toIngestTokenItem) });
  });

  route(app, {
    method: 'GET', path: '/ingest_tokens/:id',
    tag: TAG, summary: 'One ingest token, masked (Manager/owner)',
    response: ingestTokenItem,
  }, async (req) => {
    const id = pathId(req);
    const t = id === null ? null : await store.ingestTokens.get(req.account.id, id);
    if (!t) throw notFound('ingest token');
    return toIngestTokenItem(t);
  });

  route(app, {
    method: 'POST', path: '/ingest_tokens',
    tag: TAG, summary: 'Make an ingest token for POST /api/v2/alerts (Authorization: Bearer); the answer shows the token this once (Manager/owner)',
    params: ingestTokenInput, response: ingestTokenCreated, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, ingestTokenInput);
    const { token, record } = await createIngestToken(store, req.account.id, input.name, req.user.id, now());
    reply.status(201);
    return { ...toIngestTokenItem(record), token };
  });

  route(app, {
    method: 'DELETE', path: '/ingest_tokens/:id',
    tag: TAG, summary: 'Revoke an ingest token: requests with it answer 401 from now on (Manager/owner)',
    response: successAnswer,
  }, async (req) => {
    const id = pathId(req);
    if (id === null || !(await store.ingestTokens.delete(req.account.id, id))) throw notFound('ingest token');
    return { result: 'Success' as const };
  });
}

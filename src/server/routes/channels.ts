import type { FastifyInstance } from 'fastify';
import { channelCreate, channelDeliveryDetail, channelDeliveryItem, channelItem, channelListQuery, channelUpdate } from '../../shared/channels';
import { pagingQuery } from '../../shared/paging';
import { OUTBOX_EVENT } from '../alerting/start';
import { netPolicy } from '../alerting/net-policy';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId, rawInput } from '../http/input';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';
import { createChannel, toChannelDelivery, toChannelItem, updateChannel } from '../services/channels';
import { refuseIfPaged } from '../services/escalation-policies';

const TAG = 'Channels';
const secret = (what: string): JsonSchema => ({ writeOnly: true, description: `${what} (a secret: write-only, answered masked; left out on update keeps it)` });

/** Fields whose rules the zod schema cannot say in JSON Schema (secrets are write-only). */
const CHANNEL_FIELDS: Record<string, JsonSchema> = {
  webhook_url: secret('slack: the incoming webhook URL; msteams: the Workflows webhook URL'),
  routing_key: secret('pagerduty: the Events API v2 integration key'),
  webhook_secret: secret('pagerduty: the signing secret of a PagerDuty v3 webhook subscription posting to /channels/{id}/pagerduty_webhook/'),
  url: secret('webhook: where the Alertmanager v4 payload is POSTed'),
  auth_password: secret('webhook: Basic password (with auth_type basic)'),
  auth_token: secret('webhook: bearer token (with auth_type bearer)'),
};

/**
 * Extension (issue 19): channels (Slack, Microsoft Teams, PagerDuty, Alertmanager-style webhooks) that
 * alerts tell of their incidents. Everyone reads (secrets masked); Managers and the owner write
 * (http/access.ts). Every URL passes the network policy at create and update, and again at each send.
 */
export function channelRoutes(app: FastifyInstance, { store, now, events, config }: Deps) {
  const policy = netPolicy(config.outboundNets?.allow, config.outboundNets?.deny);
  async function channelOr404(accountId: number, id: number | null) {
    const c = id === null ? null : await store.channels.get(accountId, id);
    if (!c) throw notFound('channel');
    return c;
  }

  route(app, {
    method: 'GET', path: '/channels',
    tag: TAG, summary: 'Paged list of channels (secrets masked)',
    params: channelListQuery, response: channelItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, channelListQuery);
    const page = await store.channels.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toChannelItem) });
  });

  route(app, {
    method: 'POST', path: '/channels',
    tag: TAG, summary: 'Create a channel (Manager/owner)',
    description: 'slack and msteams take webhook_url; pagerduty routing_key, severity and optionally webhook_secret (acknowledgements made in PagerDuty come back); webhook url and auth_type (none, basic with auth_username and auth_password, bearer with auth_token). A URL the network policy refuses (loopback, link-local, metadata, denied networks) is a 400.',
    params: channelCreate, fields: CHANNEL_FIELDS, response: channelItem, status: 201,
  }, async (req, reply) => {
    const c = await createChannel(store, req.account.id, parseInput(req, channelCreate), policy, now());
    reply.status(201);
    return toChannelItem(c);
  });

  route(app, {
    method: 'GET', path: '/channels/:id',
    tag: TAG, summary: 'One channel (secrets masked)',
    response: channelItem,
  }, async (req) => toChannelItem(await channelOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/channels/:id',
    tag: TAG, summary: 'Update a channel (Manager/owner)',
    description: 'Given fields replace, others remain; type cannot change. A secret left out keeps the stored one; a webhook credential must be given again when url changes.',
    params: channelUpdate, fields: CHANNEL_FIELDS, response: channelItem,
  }, async (req) => {
    const c = await channelOr404(req.account.id, pathId(req));
    if (rawInput(req).type !== undefined) throw badRequest('type cannot change; create a new channel', 'type');
    const updated = await updateChannel(store, c, parseInput(req, channelUpdate), policy, now());
    if (!updated) throw notFound('channel');
    return toChannelItem(updated);
  });

  route(app, {
    method: 'DELETE', path: '/channels/:id',
    tag: TAG, summary: 'Delete a channel (Manager/owner); it leaves every alert, its pending messages fail; 409 while an escalation policy pages it',
    response: successAnswer,
  }, async (req) => {
    const c = await channelOr404(req.account.id, pathId(req));
    await refuseIfPaged(store, req.account.id, 'channels', c.id);
    await store.channels.delete(req.account.id, c.id, Date.now());
    return { result: 'Success' };
  });

  route(app, {
    method: 'POST', path: '/channels/:id/test',
    tag: TAG, summary: 'Send a TEST message through the outbox (Manager/owner); answers its delivery, pending',
    description: 'Poll GET /channels/{id}/deliveries/{did}/ for the outcome. PagerDuty gets a change event, which pages nobody.',
    response: channelDeliveryItem, status: 202,
  }, async (req, reply) => {
    const c = await channelOr404(req.account.id, pathId(req));
    const m = await store.channels.enqueueTest(req.account.id, c.id, Date.now());
    if (!m) throw notFound('channel');
    events.emit(OUTBOX_EVENT);
    reply.status(202);
    return toChannelDelivery(m);
  });

  route(app, {
    method: 'GET', path: '/channels/:id/deliveries',
    tag: TAG, summary: "The channel's delivery log, newest first",
    params: pagingQuery, response: channelDeliveryItem, paged: true,
  }, async (req) => {
    const c = await channelOr404(req.account.id, pathId(req));
    const q = parseInput(req, pagingQuery);
    const page = await store.channels.deliveries(req.account.id, c.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toChannelDelivery) });
  });

  route(app, {
    method: 'GET', path: '/channels/:id/deliveries/:did',
    tag: TAG, summary: 'One delivery of the channel with each attempt',
    response: channelDeliveryDetail,
  }, async (req) => {
    const c = await channelOr404(req.account.id, pathId(req));
    const did = pathId(req, 'did');
    const m = did === null ? null : await store.channels.delivery(req.account.id, c.id, did);
    if (!m) throw notFound('delivery');
    const attempts = await store.channels.attempts(req.account.id, m.id);
    return { ...toChannelDelivery(m), attempt_log: attempts.map((a) => ({ ...a, at: Math.floor(a.at / 1000) })) };
  });
}

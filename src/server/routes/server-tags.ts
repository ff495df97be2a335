import type { FastifyInstance } from 'fastify';
import { serverTagCreate, serverTagListQuery, serverTagUpdate, serverTag } from '../../shared/server-tags';
import type { Deps } from '../deps';
import { serverRefs, toServerTag } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { serverRef } from '../../shared/servers';
import { z } from 'zod';
import { route, successAnswer } from '../http/route';

export function serverTagRoutes(app: FastifyInstance, { store }: Deps) {
  async function checkServers(accountId: number, ids: number[]) {
    const missing = await store.servers.missing(accountId, ids);
    if (missing.length) throw badRequest(`servers: no server with id ${missing.join(', ')}`, 'servers');
  }
  async function tagOr404(accountId: number, id: number | null) {
    const tag = id === null ? null : await store.serverTags.get(accountId, id);
    if (!tag) throw notFound('server tag');
    return tag;
  }

  route(app, {
    method: 'GET', path: '/server_tags',
    tag: 'Server tags', summary: 'Paged list of server tags',
    params: serverTagListQuery, response: serverTag, paged: true,
  }, async (req) => {
    const q = parseInput(req, serverTagListQuery);
    const page = await store.serverTags.list(req.account.id, q.filter || undefined, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toServerTag) });
  });

  route(app, {
    method: 'POST', path: '/server_tags',
    tag: 'Server tags', summary: 'Create',
    params: serverTagCreate, response: serverTag, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, serverTagCreate);
    await checkServers(req.account.id, input.servers);
    reply.status(201);
    return toServerTag(await store.serverTags.create(req.account.id, input));
  });

  route(app, {
    method: 'GET', path: '/server_tags/:id',
    tag: 'Server tags', summary: 'One item',
    response: serverTag,
  }, async (req) => toServerTag(await tagOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/server_tags/:id',
    tag: 'Server tags', summary: 'Update',
    params: serverTagUpdate, response: serverTag,
  }, async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    const input = parseInput(req, serverTagUpdate);
    await checkServers(req.account.id, input.servers);
    return toServerTag((await store.serverTags.update(req.account.id, tag.id, input))!);
  });

  route(app, {
    method: 'DELETE', path: '/server_tags/:id',
    tag: 'Server tags', summary: 'Delete',
    description: 'Deletes the tag and its Server Tag alerts (their histories stay readable), as deleting a server deletes its alerts.',
    response: successAnswer,
  }, async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    await store.serverTags.delete(req.account.id, tag.id);
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/server_tags/:id/servers',
    tag: 'Server tags', summary: 'Servers of the tag',
    response: z.array(serverRef),
  }, async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    return serverRefs(store, req.account.id, tag.servers);
  });

}

import type { FastifyInstance } from 'fastify';
import { serverTagCreate, serverTagListQuery, serverTagUpdate } from '../../shared/server-tags';
import type { Deps } from '../deps';
import { serverRefs, toServerTag } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';

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

  app.get('/server_tags', async (req) => {
    const q = parseInput(req, serverTagListQuery);
    const page = await store.serverTags.list(req.account.id, q.filter || undefined, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toServerTag) });
  });

  app.post('/server_tags', async (req, reply) => {
    const input = parseInput(req, serverTagCreate);
    await checkServers(req.account.id, input.servers);
    reply.status(201);
    return toServerTag(await store.serverTags.create(req.account.id, input));
  });

  app.get('/server_tags/:id', async (req) => toServerTag(await tagOr404(req.account.id, pathId(req))));

  app.put('/server_tags/:id', async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    const input = parseInput(req, serverTagUpdate);
    await checkServers(req.account.id, input.servers);
    return toServerTag((await store.serverTags.update(req.account.id, tag.id, input))!);
  });

  app.delete('/server_tags/:id', async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    await store.serverTags.delete(req.account.id, tag.id);
    return { result: 'Success' };
  });

  app.get('/server_tags/:id/servers', async (req) => {
    const tag = await tagOr404(req.account.id, pathId(req));
    return serverRefs(store, req.account.id, tag.servers);
  });

}

import type { FastifyInstance } from 'fastify';
import { itemPath } from '../../shared/paths';
import { serverSetInput, serverSetListQuery, type ServerSet } from '../../shared/server-sets';
import type { Deps } from '../deps';
import { serverRefs, toServerTag } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { detectOnServers } from '../services/applications';
import type { ServerSetRecord } from '../store/repos/server-sets';

export const toServerSet = (r: ServerSetRecord): ServerSet => ({
  id: r.id,
  name: r.name,
  servers: r.servers,
  server_tags: r.tags.map((t) => itemPath('server_tags', t)),
  auto_detection: r.autoDetection,
  applications: r.applications,
  url: itemPath('server_sets', r.id),
});

export function serverSetRoutes(app: FastifyInstance, deps: Deps) {
  const { store } = deps;
  async function parseSet(req: Parameters<typeof parseInput>[0]) {
    const input = parseInput(req, serverSetInput);
    const missing = await store.serverTags.missing(req.account.id, input.server_tags);
    if (missing.length) throw badRequest(`server_tags: no server tag with id ${missing.join(', ')}`, 'server_tags');
    return { name: input.name, tags: input.server_tags, autoDetection: input.auto_detection };
  }
  async function setOr404(accountId: number, id: number | null) {
    const set = id === null ? null : await store.serverSets.get(accountId, id);
    if (!set) throw notFound('server set');
    return set;
  }
  /** Sets with auto_detection on get application detection on their servers at every write. */
  async function afterWrite(accountId: number, set: ServerSetRecord) {
    if (!set.autoDetection) return set;
    await detectOnServers(deps, accountId, set.servers);
    return (await store.serverSets.get(accountId, set.id)) ?? set;
  }

  app.get('/server_sets', async (req) => {
    const q = parseInput(req, serverSetListQuery);
    const page = await store.serverSets.list(req.account.id, q.filter || undefined, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toServerSet) });
  });

  app.post('/server_sets', async (req, reply) => {
    const input = await parseSet(req);
    const set = await store.serverSets.create(req.account.id, input);
    reply.status(201);
    return toServerSet(await afterWrite(req.account.id, set));
  });

  app.get('/server_sets/:id', async (req) => toServerSet(await setOr404(req.account.id, pathId(req))));

  app.put('/server_sets/:id', async (req) => {
    const set = await setOr404(req.account.id, pathId(req));
    const input = await parseSet(req);
    const updated = await store.serverSets.update(req.account.id, set.id, input);
    if (!updated) throw notFound('server set');
    return toServerSet(await afterWrite(req.account.id, updated));
  });

  app.delete('/server_sets/:id', async (req) => {
    const set = await setOr404(req.account.id, pathId(req));
    await store.serverSets.delete(req.account.id, set.id);
    return { result: 'Success' };
  });

  app.get('/server_sets/:id/servers', async (req) => {
    const set = await setOr404(req.account.id, pathId(req));
    return serverRefs(store, req.account.id, set.servers);
  });

  /** Detection on request: runs it on the set's servers and answers the set with its applications. */
  app.get('/server_sets/:id/auto_detection', async (req) => {
    const set = await setOr404(req.account.id, pathId(req));
    await detectOnServers(deps, req.account.id, set.servers);
    return toServerSet((await store.serverSets.get(req.account.id, set.id)) ?? set);
  });

  app.get('/server_sets/:id/server_tags', async (req) => {
    const set = await setOr404(req.account.id, pathId(req));
    const tags = await Promise.all(set.tags.map((t) => store.serverTags.get(req.account.id, t)));
    return tags.filter((t) => t !== null).map(toServerTag);
  });
}

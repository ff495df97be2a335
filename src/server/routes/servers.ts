import type { FastifyInstance } from 'fastify';
import { itemPath } from '../../shared/paths';
import {
  RUNNING_WITHIN_SECONDS,
  SERVER_READ_ONLY,
  serverListQuery,
  serverTagsUpdate,
  serverUpdate,
  type Server,
} from '../../shared/servers';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { ServerRecord } from '../store/repos/servers';

export function toServer(r: ServerRecord, now: number): Server {
  const { lastSeen, ...rest } = r;
  return { ...rest, url: itemPath('servers', r.id), running: lastSeen !== null && now - lastSeen <= RUNNING_WITHIN_SECONDS };
}

export function serverRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function serverOr404(accountId: number, id: number | null) {
    const s = id === null ? null : await store.servers.get(accountId, id);
    if (!s) throw notFound('server');
    return s;
  }
  const tagsBody = async (accountId: number, s: ServerRecord) => ({
    id: s.id,
    hostname: s.hostname,
    server_tags: await store.servers.tagIds(accountId, s.id),
    url: itemPath('servers', s.id),
  });

  app.get('/servers', async (req) => {
    const q = parseInput(req, serverListQuery);
    const page = await store.servers.list(
      req.account.id,
      { hostname: q.hostname, location_ip: q.location_ip, createdAfter: q.create_time },
      q,
    );
    const t = now();
    return envelope(req, q, { total: page.total, items: page.items.map((s) => toServer(s, t)) });
  });

  app.get('/servers/:id', async (req) => toServer(await serverOr404(req.account.id, pathId(req)), now()));

  app.put('/servers/:id', async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    const patch = parseInput(req, serverUpdate, { readOnly: SERVER_READ_ONLY });
    return toServer((await store.servers.update(req.account.id, s.id, patch))!, now());
  });

  app.delete('/servers/:id', async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    await store.servers.delete(req.account.id, s.id);
    return { result: 'Success' };
  });

  app.get('/servers/:id/tags', async (req) => tagsBody(req.account.id, await serverOr404(req.account.id, pathId(req))));

  app.put('/servers/:id/tags', async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    const { server_tags } = parseInput(req, serverTagsUpdate);
    const missing = await store.serverTags.missing(req.account.id, server_tags);
    if (missing.length) throw badRequest(`server_tags: no server tag with id ${missing.join(', ')}`, 'server_tags');
    await store.servers.setTags(req.account.id, s.id, server_tags);
    return tagsBody(req.account.id, s);
  });
}

import type { FastifyInstance } from 'fastify';
import { itemPath } from '../../shared/paths';
import {
  RUNNING_WITHIN_SECONDS,
  SERVER_READ_ONLY,
  serverListQuery,
  serverTagsUpdate,
  serverUpdate,
  type Server,
  server,
  serverTagsOfServer,
} from '../../shared/servers';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { ServerRecord } from '../store/repos/servers';
import { route, successAnswer } from '../http/route';

/** A server as answered; field by field (the list maps a page of them per request; rest/spread cost several times as much). */
export function toServer(r: ServerRecord, now: number): Server {
  return {
    id: r.id,
    guid: r.guid,
    hostname: r.hostname,
    os: r.os,
    os_detail: r.os_detail,
    arch: r.arch,
    nickname: r.nickname,
    description: r.description,
    created: r.created,
    capacity_mem: r.capacity_mem,
    capacity_cpu_num: r.capacity_cpu_num,
    capacity_cpu_freq: r.capacity_cpu_freq,
    capacity_disks: r.capacity_disks,
    current_version: r.current_version,
    location_ip: r.location_ip,
    network_interfaces: r.network_interfaces,
    url: itemPath('servers', r.id),
    running: r.lastSeen !== null && now - r.lastSeen <= RUNNING_WITHIN_SECONDS,
  };
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

  route(app, {
    method: 'GET', path: '/servers',
    tag: 'Servers', summary: 'Paged list of servers',
    params: serverListQuery, response: server, paged: true,
  }, async (req) => {
    const q = parseInput(req, serverListQuery);
    const page = await store.servers.list(
      req.account.id,
      { hostname: q.hostname, location_ip: q.location_ip, createdAfter: q.create_time },
      q,
    );
    const t = now();
    return envelope(req, q, { total: page.total, items: page.items.map((s) => toServer(s, t)) });
  });

  route(app, {
    method: 'GET', path: '/servers/:id',
    tag: 'Servers', summary: 'One server',
    response: server,
  }, async (req) => toServer(await serverOr404(req.account.id, pathId(req)), now()));

  route(app, {
    method: 'PUT', path: '/servers/:id',
    tag: 'Servers', summary: 'Update nickname and description',
    params: serverUpdate, response: server,
  }, async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    const patch = parseInput(req, serverUpdate, { readOnly: SERVER_READ_ONLY });
    return toServer((await store.servers.update(req.account.id, s.id, patch))!, now());
  });

  route(app, {
    method: 'DELETE', path: '/servers/:id',
    tag: 'Servers', summary: 'Delete a server (its collector is refused afterwards)',
    response: successAnswer,
  }, async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    await store.servers.delete(req.account.id, s.id);
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/servers/:id/tags',
    tag: 'Servers', summary: "The server's tags",
    response: serverTagsOfServer,
  }, async (req) => tagsBody(req.account.id, await serverOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/servers/:id/tags',
    tag: 'Servers', summary: "Replace the server's tags",
    params: serverTagsUpdate, response: serverTagsOfServer,
  }, async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    const { server_tags } = parseInput(req, serverTagsUpdate);
    const missing = await store.serverTags.missing(req.account.id, server_tags);
    if (missing.length) throw badRequest(`server_tags: no server tag with id ${missing.join(', ')}`, 'server_tags');
    await store.servers.setTags(req.account.id, s.id, server_tags);
    return tagsBody(req.account.id, s);
  });
}

import type { FastifyInstance } from 'fastify';
import { autodetectQuery, autodetectResourcesInput, serverDetectionQuery, detectedTemplate } from '../../shared/applications';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { applyResources, detectForServers, detectOnServer } from '../services/applications';
import { z } from 'zod';
import { anyRecord, route } from '../http/route';

/** Application auto-detection (beta): per server, proposals for servers, and setting them up. */
export function autodetectRoutes(app: FastifyInstance, deps: Deps) {
  const { store } = deps;

  // The spec's server-level detection GET; its path is ours. `tenant` names a child tenant, which
  // this service does not have: it is checked to be an integer and otherwise ignored, so the answer
  // is always about the caller's own account and never another's.
  route(app, {
    method: 'GET', path: '/servers/:id/auto_detection',
    tag: 'Applications', summary: 'Application templates detected on the server',
    params: serverDetectionQuery, response: anyRecord,
  }, async (req) => {
    const id = pathId(req);
    parseInput(req, serverDetectionQuery);
    const s = id === null ? null : await store.servers.get(req.account.id, id);
    if (!s) throw notFound('server');
    return detectOnServer(deps, req.account.id, s.id);
  });

  // Several templates come back as a plain JSON list (the spec leaves the wrapper open).
  route(app, {
    method: 'GET', path: '/autodetect/applications',
    tag: 'Applications', summary: 'Templates detected on servers s[]',
    params: autodetectQuery, response: z.array(detectedTemplate),
  }, async (req) => {
    const { s } = parseInput(req, autodetectQuery);
    const missing = await store.servers.missing(req.account.id, s);
    if (missing.length) throw badRequest(`s: no server with id ${missing.join(', ')}`, 's');
    return detectForServers(store, req.account.id, s);
  });

  route(app, {
    method: 'PUT', path: '/autodetect/resources',
    tag: 'Applications', summary: 'Create or extend an application from a template',
    params: autodetectResourcesInput, response: z.object({ message: z.string() }),
  }, async (req) => {
    const input = parseInput(req, autodetectResourcesInput);
    await applyResources(deps, req.account.id, input);
    return { message: 'success' };
  });
}

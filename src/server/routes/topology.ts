import type { FastifyInstance } from 'fastify';
import { topologyQuery, topologyResponse } from '../../shared/topology';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import { applicationTopology } from '../services/topology';
import { route } from '../http/route';

/** GET /application_topology (beta): process groups and the socket connections between them. */
export function topologyRoutes(app: FastifyInstance, { store }: Deps) {
  route(app, {
    method: 'GET', path: '/application_topology',
    tag: 'Applications', summary: 'Connections between process groups (beta); process_groups[] repeated, num minutes, start, end',
    params: topologyQuery, response: topologyResponse,
  }, async (req) => applicationTopology(store, req.account.id, parseInput(req, topologyQuery)));
}

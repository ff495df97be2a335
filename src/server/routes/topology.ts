import type { FastifyInstance } from 'fastify';
import { topologyQuery } from '../../shared/topology';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import { applicationTopology } from '../services/topology';

/** GET /application_topology (beta): process groups and the socket connections between them. */
export function topologyRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/application_topology', async (req) => applicationTopology(store, req.account.id, parseInput(req, topologyQuery)));
}

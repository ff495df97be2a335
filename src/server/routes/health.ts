import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/**
 * `GET /healthz` for load balancers and orchestrators, outside sign-in: 200 when this process can
 * reach its store, 503 in the error shape when it cannot (the balancer then sends traffic elsewhere).
 */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/healthz', async (_req, reply) => {
    await deps.store.ping();
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
}

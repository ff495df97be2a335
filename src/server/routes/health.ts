import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/**
 * `GET /healthz` for load balancers and orchestrators, outside sign-in: 200 when this process can
 * reach its store, 503 in the error shape when it cannot (the balancer then sends traffic elsewhere).
 * `?detail=1` adds the store's size and the free disk where it lives (issue 21; no tenant data).
 */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/healthz', async (req, reply) => {
    await deps.store.ping();
    void reply.header('cache-control', 'no-store');
    const detail = (req.query as Record<string, unknown> | undefined)?.detail;
    if (detail === undefined || detail === '0' || detail === 'false') return { status: 'ok' };
    return { status: 'ok', store: await deps.store.retention.size() };
  });
}

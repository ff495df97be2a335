import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../http/openapi';

/** GET /openapi.json: the OpenAPI 3.1 document, served without authentication (see PUBLIC_PATHS). */
export function openApiRoutes(app: FastifyInstance) {
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/openapi.json', async () => (doc ??= buildOpenApi()));
}

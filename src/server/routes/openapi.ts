import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../http/openapi';
import type { Operation } from '../http/openapi-operation';
import { anyRecord, route } from '../http/route';

/**
 * GET /openapi.json: the OpenAPI 3.1 document of `operations` (collected from the routes as they
 * register) and of the peer protocols outside /api (`peer`, filled as they register), served without
 * authentication (see PUBLIC_PATHS). Built at the first request, when every route is in.
 */
export function openApiRoutes(app: FastifyInstance, operations: readonly Operation[], peer: readonly Operation[] = []) {
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  route(app, {
    method: 'GET', path: '/openapi.json',
    tag: 'Documentation', public: true, summary: 'This OpenAPI 3.1 document (no authentication)',
    response: anyRecord,
  }, async () => (doc ??= buildOpenApi([...operations, ...peer])));
}

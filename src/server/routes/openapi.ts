import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../http/openapi';
import type { Operation } from '../http/openapi-operation';
import { anyRecord, route } from '../http/route';
import { OPERATIONS } from '../http/openapi-operations';

// Until every route declares its operation: the old list fills in the rest.
const key = (o: Operation) => `${o.method} ${o.path}`;
const merged = (ops: readonly Operation[]) => [...ops, ...OPERATIONS.filter((o) => !ops.some((d) => key(d) === key(o)))];

/**
 * GET /openapi.json: the OpenAPI 3.1 document of `operations` (collected from the routes as they
 * register), served without authentication (see PUBLIC_PATHS). Built at the first request, when
 * every route is in.
 */
export function openApiRoutes(app: FastifyInstance, operations: readonly Operation[]) {
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  route(
    app,
    { method: 'GET', path: '/openapi.json', tag: 'Documentation', summary: 'This OpenAPI 3.1 document (no authentication)', public: true, response: anyRecord },
    async () => (doc ??= buildOpenApi(merged(operations))),
  );
}

// One declaration per endpoint: a route is registered together with its OpenAPI operation, and the
// document (openapi.ts) is built from the operations of the routes actually registered.
import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Operation } from './openapi-operation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The OpenAPI operation of the route, set by `route()`. */
    operation?: Operation;
  }
}

/** `{result: "Success"}`, the answer of deletes. */
export const successAnswer = z.object({ result: z.literal('Success') });
/** Records whose fields vary (time-series rows, detail lists): documented in the spec's prose. */
export const anyRecord = z.record(z.string(), z.unknown());

/**
 * Registers `handler` for `op.method op.path` and declares the endpoint's operation with it: tag,
 * summary, the params schema the handler parses with, the response. As with `app.get(path, options,
 * handler)`, fastify's own options (preParsing, bodyLimit, hooks) may come before the handler.
 */
export function route(app: FastifyInstance, op: Operation, handler: RouteHandlerMethod): void;
export function route(app: FastifyInstance, op: Operation, options: RouteShorthandOptions, handler: RouteHandlerMethod): void;
export function route(app: FastifyInstance, op: Operation, ...rest: [RouteHandlerMethod] | [RouteShorthandOptions, RouteHandlerMethod]): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  app.route({ ...options, method: op.method, url: op.path, config: { ...options.config, operation: op }, handler });
}

/**
 * Collects the operations of the routes registered on `app` from now on (fastify's onRoute), and
 * the method and path of any route registered without one (`app.get`), which the OpenAPI test refuses.
 */
export function collectOperations(app: FastifyInstance): { operations: Operation[]; undeclared: string[] } {
  const operations: Operation[] = [];
  const undeclared: string[] = [];
  app.addHook('onRoute', (r) => {
    if (r.method === 'HEAD') return; // fastify's automatic HEAD twin of a GET
    const op = r.config?.operation;
    // A peer protocol's path is documented whole, the prefix of the plugin it was registered in included.
    if (op) operations.push(op.peer ? { ...op, path: r.url } : op);
    else undeclared.push(`${[r.method].flat().join(',')} ${r.url}`);
  });
  return { operations, undeclared };
}

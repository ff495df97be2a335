import type { RouteOptions } from 'fastify';

/**
 * An onRoute hook: every PUT route also answers PATCH, with the same handler and so the same
 * partial-update rules (AppFirst's afapi client sends PATCH for updates).
 */
export function acceptPatch(route: RouteOptions) {
  if (route.method === 'PUT') route.method = ['PUT', 'PATCH'];
}

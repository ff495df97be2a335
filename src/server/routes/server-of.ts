import type { FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import { pathId } from '../http/input';
import type { Store } from '../store/store';

/** The server of the path's `:id` in the signed-in account; a missing id or another account's is a 404. */
export async function serverOr404(store: Store, req: FastifyRequest) {
  const id = pathId(req);
  const s = id === null ? null : await store.servers.get(req.account.id, id);
  if (!s) throw notFound('server');
  return s;
}

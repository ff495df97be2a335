// Lookups several routes share: the resource of a path id in the signed-in account, or a 404.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store';
import { notFound } from './errors';
import { pathId } from './input';

/** The server of the path's `:id` in the signed-in account; a missing id or another account's is a 404. */
export async function serverOr404(store: Store, req: FastifyRequest) {
  const id = pathId(req);
  const s = id === null ? null : await store.servers.get(req.account.id, id);
  if (!s) throw notFound('server');
  return s;
}

/** The account's profile with this path id, or 404. */
export async function userOr404(store: Store, accountId: number, id: number | null) {
  const u = id === null ? null : await store.users.get(accountId, id);
  if (!u) throw notFound('user profile');
  return u;
}

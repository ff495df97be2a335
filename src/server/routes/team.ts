import type { FastifyInstance } from 'fastify';
import { auditListQuery } from '../../shared/audit';
import { userRoleInput } from '../../shared/users';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { issueKey } from '../services/team';
import { toUserProfile, userOr404 } from './users';

/** GET /me/, roles, a user's own key (rotate, revoke) and the audit log. Who may call what: http/access.ts. */
export function teamRoutes(app: FastifyInstance, { store, now }: Deps) {

  app.get('/me', async (req) => toUserProfile(req.user));

  app.put('/users/:id/role', async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const { role } = parseInput(req, userRoleInput);
    await store.team.setRole(req.account.id, user.id, role);
    return toUserProfile((await store.users.get(req.account.id, user.id))!);
  });

  app.post('/users/:id/api_key', async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const key = await issueKey(store, req.account.id, user.id, now());
    if (!key) throw notFound('user profile');
    return { api_key: key };
  });

  app.delete('/users/:id/api_key', async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    // The owner's key is the account key: without it nobody could manage the account.
    if (user.is_account_owner) throw forbidden("the account owner's key can be rotated, not revoked");
    await store.team.revokeKey(req.account.id, user.id);
    return { result: 'Success' };
  });

  app.get('/audit', async (req) => {
    const q = parseInput(req, auditListQuery);
    const page = await store.audit.list(req.account.id, { resource: q.resource, action: q.action, userId: q.user_id, start: q.start, end: q.end }, q);
    return envelope(req, q, page);
  });
}

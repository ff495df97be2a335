import type { FastifyInstance } from 'fastify';
import { auditListQuery, auditEntry } from '../../shared/audit';
import { userRoleInput, apiKeyAnswer, userProfile } from '../../shared/users';
import type { Deps } from '../deps';
import { toUserProfile } from '../http/answers';
import { forbidden, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { userOr404 } from '../http/lookups';
import { envelope } from '../http/paging';
import { issueKey } from '../services/team';
import { route, successAnswer } from '../http/route';

/** GET /me/, roles, a user's own key (rotate, revoke) and the audit log. Who may call what: http/access.ts. */
export function teamRoutes(app: FastifyInstance, { store, now }: Deps) {

  route(app, {
    method: 'GET', path: '/me',
    tag: 'Team access', summary: 'The signed-in user profile',
    response: userProfile,
  }, async (req) => toUserProfile(req.user));

  route(app, {
    method: 'PUT', path: '/users/:id/role',
    tag: 'Team access', summary: 'Set a role: 2 Manager or 3 Regular (Manager/owner; never the owner: 403)',
    params: userRoleInput, response: userProfile,
  }, async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const { role } = parseInput(req, userRoleInput);
    await store.team.setRole(req.account.id, user.id, role);
    return toUserProfile((await store.users.get(req.account.id, user.id))!);
  });

  route(app, {
    method: 'POST', path: '/users/:id/api_key',
    tag: 'Team access', summary: 'Make a new key for the user (self, or Manager/owner for a non-owner)',
    description: 'The answer is the only time the key is shown; the old key stops working at once. For the owner this is the account key.',
    response: apiKeyAnswer,
  }, async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const key = await issueKey(store, req.account.id, user.id, now());
    if (!key) throw notFound('user profile');
    return { api_key: key };
  });

  route(app, {
    method: 'DELETE', path: '/users/:id/api_key',
    tag: 'Team access', summary: "Revoke the user's key and end their sessions (self, or Manager/owner)",
    description: "The owner's key (the account key) can be rotated, not revoked: 403.",
    response: successAnswer,
  }, async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    // The owner's key is the account key: without it nobody could manage the account.
    if (user.is_account_owner) throw forbidden("the account owner's key can be rotated, not revoked");
    await store.team.revokeKey(req.account.id, user.id);
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/audit',
    tag: 'Team access', summary: 'Configuration changes, newest first (Manager/owner)',
    params: auditListQuery, response: auditEntry, paged: true,
  }, async (req) => {
    const q = parseInput(req, auditListQuery);
    const page = await store.audit.list(req.account.id, { resource: q.resource, action: q.action, userId: q.user_id, start: q.start, end: q.end }, q);
    return envelope(req, q, page);
  });
}

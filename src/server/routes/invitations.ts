import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invitationAccept, invitationCreate, invitationListQuery, type InvitationItem } from '../../shared/invitations';
import { pagingQuery } from '../../shared/paging';
import { itemPath } from '../../shared/paths';
import { roleText } from '../../shared/users';
import type { Deps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { InvitationError, acceptInvitation, invite, previewInvitation, type InvitationProblem } from '../services/invitations';
import type { InvitationRecord } from '../store/repos/invitations';
import { toUserProfile } from './users';

const STATUS: Record<InvitationProblem, number> = { not_found: 404, email_taken: 409, token_invalid: 400, token_expired: 410, token_used: 409 };

/** Domain refusals as the API's errors; a link problem names `token`, a taken address `email`. */
async function answering<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof InvitationError) throw new ApiError(STATUS[e.problem], e.message, e.problem.startsWith('token') ? 'token' : e.problem === 'email_taken' ? 'email' : undefined);
    throw e;
  }
}

/** The invitation as Managers read it: never its token (which only the e-mail carries). */
export function toInvitationItem(r: InvitationRecord, now: number): InvitationItem {
  return {
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    role: r.role,
    role_text: roleText(r.role),
    invited_by: r.invitedBy,
    created: r.created,
    expires: r.expires,
    accepted_at: r.acceptedAt,
    user_id: r.userId,
    state: r.acceptedAt !== null ? 'accepted' : r.expires <= now ? 'expired' : 'pending',
    url: itemPath('invitations', r.id),
  };
}

/** A token is opaque to the route: bounded text (the service checks it). */
const tokenOf = (req: FastifyRequest) => z.object({ token: z.string().max(200) }).parse(req.params).token;

/**
 * Teammates by invitation (extension, issue 17): Managers invite by name and e-mail, list and withdraw
 * invitations; the e-mailed link (no sign-in: it is the credential) shows the invitation and accepts it
 * once. Who may call what: http/access.ts.
 */
export function invitationRoutes(app: FastifyInstance, { store, now, config }: Deps) {
  const invitationOr404 = async (req: FastifyRequest) => {
    const id = pathId(req);
    const inv = id === null ? null : await store.invitations.get(req.account.id, id);
    if (!inv) throw notFound('invitation');
    return inv;
  };

  app.get('/invitations', async (req) => {
    const q = parseInput(req, pagingQuery.extend(invitationListQuery.shape));
    const t = now();
    const page = await store.invitations.list(req.account.id, { all: q.all === 'true', now: t }, q);
    return envelope(req, q, { total: page.total, items: page.items.map((r) => toInvitationItem(r, t)) });
  });

  app.post('/invitations', async (req, reply) => {
    const input = parseInput(req, invitationCreate);
    const opts = { baseUrl: config.publicUrl ?? 'http://localhost:8080', mailHost: config.mailHost ?? null };
    const inv = await answering(() => invite(store, req.account.id, req.user, input, now(), opts));
    reply.status(201);
    return toInvitationItem(inv, now());
  });

  app.get('/invitations/:id', async (req) => toInvitationItem(await invitationOr404(req), now()));

  app.delete('/invitations/:id', async (req) => {
    const inv = await invitationOr404(req);
    await store.invitations.delete(req.account.id, inv.id);
    return { result: 'Success' };
  });

  app.get('/invitations/accept/:token', async (req) => {
    const { inv, inviterName } = await answering(() => previewInvitation(store, tokenOf(req), now()));
    return { email: inv.email, first_name: inv.firstName, last_name: inv.lastName, role_text: roleText(inv.role), invited_by_name: inviterName, expires: inv.expires };
  });

  app.post('/invitations/accept/:token', async (req, reply) => {
    const token = tokenOf(req);
    // The e-mail and role are the invitation's: sending one is refused, never silently dropped.
    const answer = parseInput(req, invitationAccept, { readOnly: ['email', 'role'] });
    const { user, key, inv } = await answering(() => acceptInvitation(store, token, answer, now()));
    const profile = toUserProfile(user);
    // Audited here: no one is signed in; the new profile acts. The path leaves the token out (a credential).
    await store.audit.record(inv.accountId, {
      time: now(),
      user_id: user.id,
      user_email: user.email,
      method: 'POST',
      path: req.url.split('?')[0]!.replace(/\/accept\/[^/]+/, '/accept/{token}'),
      resource: 'users',
      resource_id: user.id,
      action: 'accept_invitation',
      before: null,
      after: profile,
    });
    reply.status(201);
    return { ...profile, api_key: key };
  });
}

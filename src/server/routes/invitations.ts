import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invitationAccept, invitationAccepted, invitationCreate, invitationItem, invitationListQuery, invitationPreview, type InvitationItem } from '../../shared/invitations';
import { pagingQuery } from '../../shared/paging';
import { itemPath } from '../../shared/paths';
import { roleText } from '../../shared/users';
import type { Deps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { toUserProfile } from '../http/answers';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import { InvitationError, acceptInvitation, invite, previewInvitation, type InvitationProblem } from '../services/invitations';
import type { InvitationRecord } from '../store/repos/invitations';

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

  route(app, {
    method: 'GET', path: '/invitations', tag: 'Team access', summary: 'Invitations still pending, newest first (Manager/owner; all=true: accepted and expired too)',
    params: invitationListQuery, response: invitationItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, pagingQuery.extend(invitationListQuery.shape));
    const t = now();
    const page = await store.invitations.list(req.account.id, { all: q.all === 'true', now: t }, q);
    return envelope(req, q, { total: page.total, items: page.items.map((r) => toInvitationItem(r, t)) });
  });

  route(app, {
    method: 'POST', path: '/invitations', tag: 'Team access', summary: 'Invite a teammate by name and e-mail; no phone needed (Manager/owner)',
    description:
      'E-mails a link (through the notifications outbox) that works once, for 7 days; the link is never answered by the API (only Managers read it in GET /notifications/). ' +
      'role 2 Manager or 3 Regular (default). An e-mail that already has a profile answers 409. Audited.',
    params: invitationCreate, response: invitationItem, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, invitationCreate);
    const opts = { baseUrl: config.publicUrl ?? 'http://localhost:8080', mailHost: config.mailHost ?? null };
    const inv = await answering(() => invite(store, req.account.id, req.user, input, now(), opts));
    reply.status(201);
    return toInvitationItem(inv, now());
  });

  route(app, { method: 'GET', path: '/invitations/:id', tag: 'Team access', summary: 'One invitation (Manager/owner)', response: invitationItem }, async (req) => toInvitationItem(await invitationOr404(req), now()));

  route(app, { method: 'DELETE', path: '/invitations/:id', tag: 'Team access', summary: 'Withdraw an invitation: its link stops working (Manager/owner). Audited', response: successAnswer }, async (req) => {
    const inv = await invitationOr404(req);
    await store.invitations.delete(req.account.id, inv.id);
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/invitations/accept/:token', tag: 'Team access', public: true, summary: 'What an e-mailed invitation link offers (no sign-in; changes nothing)',
    description: 'The link is the credential (256 random bits, stored hashed). A damaged, forged or withdrawn link answers 400, an expired one 410, a used one 409 (field token).',
    response: invitationPreview,
  }, async (req) => {
    const { inv, inviterName } = await answering(() => previewInvitation(store, tokenOf(req), now()));
    return { email: inv.email, first_name: inv.firstName, last_name: inv.lastName, role_text: roleText(inv.role), invited_by_name: inviterName, expires: inv.expires };
  });

  route(app, {
    method: 'POST', path: '/invitations/accept/:token', tag: 'Team access', public: true, summary: 'Accept an invitation: makes the profile and its API key, shown this once (no sign-in)',
    description:
      'The invitee chooses their name; the phone (country_code with phone_number) is optional. The e-mail and role are the invitation\'s. ' +
      'Works once: a second POST answers 409. Bad links as GET. Audited as the new user (action accept_invitation).',
    params: invitationAccept, response: invitationAccepted, status: 201,
  }, async (req, reply) => {
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

import type { FastifyInstance } from 'fastify';
import { USER_CREATE_READ_ONLY, USER_READ_ONLY, userCreate, userListQuery, userUpdate, userCreated, userProfile } from '../../shared/users';
import type { Deps } from '../deps';
import { toUserProfile } from '../http/answers';
import { conflict, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { userOr404 } from '../http/lookups';
import { envelope } from '../http/paging';
import { DUPLICATE_EMAIL } from '../store/repos/users';
import { confirmationMail, issueKey } from '../services/team';
import { route, successAnswer } from '../http/route';

const duplicate = (email: string) => conflict(`a user profile with the e-mail ${email} already exists`, 'email');

export function userRoutes(app: FastifyInstance, { store, now, config }: Deps) {

  route(app, {
    method: 'GET', path: '/users',
    tag: 'User profiles', summary: 'Paged list of user profiles',
    params: userListQuery, response: userProfile, paged: true,
  }, async (req) => {
    const q = parseInput(req, userListQuery);
    const email = q.email?.trim();
    const page = await store.users.list(req.account.id, { email: email || undefined }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toUserProfile) });
  });

  route(app, {
    method: 'POST', path: '/users',
    tag: 'User profiles', summary: 'Create',
    description: 'Answers the profile and its api_key, shown this once. `role` (2 or 3, default 3) is an extension. A confirmation e-mail (without the key) is queued.',
    params: userCreate, response: userCreated, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, userCreate, { readOnly: USER_CREATE_READ_ONLY });
    const created = await store.users.create(req.account.id, input, now());
    if (created === DUPLICATE_EMAIL) throw duplicate(input.email);
    const key = await issueKey(store, req.account.id, created.id, now());
    await store.outbox.enqueueUserEmail(req.account.id, { ...confirmationMail(created, req.user), host: config.mailHost ?? null }, now());
    reply.status(201);
    // The key is in this answer only: the store keeps its hash and the e-mail does not carry it.
    return { ...toUserProfile(created), api_key: key };
  });

  route(app, {
    method: 'GET', path: '/users/:id',
    tag: 'User profiles', summary: 'One item',
    response: userProfile,
  }, async (req) => toUserProfile(await userOr404(store, req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/users/:id',
    tag: 'User profiles', summary: 'Update',
    params: userUpdate, response: userProfile,
  }, async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const patch = parseInput(req, userUpdate, { readOnly: USER_READ_ONLY });
    const updated = await store.users.update(req.account.id, user.id, patch);
    if (updated === DUPLICATE_EMAIL) throw duplicate(patch.email ?? '');
    if (!updated) throw notFound('user profile');
    return toUserProfile(updated);
  });

  route(app, {
    method: 'DELETE', path: '/users/:id',
    tag: 'User profiles', summary: 'Delete',
    description: 'Deletes the profile (the account owner cannot be deleted: 403) and takes it off every alert; an alert left with no user gets the account owner, notified by e-mail, so it still notifies someone.',
    response: successAnswer,
  }, async (req) => {
    // Who may delete whom (never the owner) is decided by http/access.ts.
    const user = await userOr404(store, req.account.id, pathId(req));
    await store.users.delete(req.account.id, user.id);
    return { result: 'Success' };
  });
}

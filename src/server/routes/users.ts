import type { FastifyInstance } from 'fastify';
import { USER_CREATE_READ_ONLY, USER_READ_ONLY, userCreate, userListQuery, userUpdate } from '../../shared/users';
import type { Deps } from '../deps';
import { toUserProfile } from '../http/answers';
import { conflict, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { userOr404 } from '../http/lookups';
import { envelope } from '../http/paging';
import { DUPLICATE_EMAIL } from '../store/repos/users';
import { confirmationMail, issueKey } from '../services/team';

const duplicate = (email: string) => conflict(`a user profile with the e-mail ${email} already exists`, 'email');

export function userRoutes(app: FastifyInstance, { store, now, config }: Deps) {

  app.get('/users', async (req) => {
    const q = parseInput(req, userListQuery);
    const email = q.email?.trim();
    const page = await store.users.list(req.account.id, { email: email || undefined }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toUserProfile) });
  });

  app.post('/users', async (req, reply) => {
    const input = parseInput(req, userCreate, { readOnly: USER_CREATE_READ_ONLY });
    const created = await store.users.create(req.account.id, input, now());
    if (created === DUPLICATE_EMAIL) throw duplicate(input.email);
    const key = await issueKey(store, req.account.id, created.id, now());
    await store.outbox.enqueueUserEmail(req.account.id, { ...confirmationMail(created, req.user), host: config.mailHost ?? null }, now());
    reply.status(201);
    // The key is in this answer only: the store keeps its hash and the e-mail does not carry it.
    return { ...toUserProfile(created), api_key: key };
  });

  app.get('/users/:id', async (req) => toUserProfile(await userOr404(store, req.account.id, pathId(req))));

  app.put('/users/:id', async (req) => {
    const user = await userOr404(store, req.account.id, pathId(req));
    const patch = parseInput(req, userUpdate, { readOnly: USER_READ_ONLY });
    const updated = await store.users.update(req.account.id, user.id, patch);
    if (updated === DUPLICATE_EMAIL) throw duplicate(patch.email ?? '');
    if (!updated) throw notFound('user profile');
    return toUserProfile(updated);
  });

  app.delete('/users/:id', async (req) => {
    // Who may delete whom (never the owner) is decided by http/access.ts.
    const user = await userOr404(store, req.account.id, pathId(req));
    await store.users.delete(req.account.id, user.id);
    return { result: 'Success' };
  });
}

import type { FastifyInstance } from 'fastify';
import { itemPath } from '../../shared/paths';
import { USER_CREATE_READ_ONLY, USER_READ_ONLY, nickName, roleText, userCreate, userListQuery, userUpdate, type UserProfile } from '../../shared/users';
import type { Deps } from '../deps';
import { conflict, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { DUPLICATE_EMAIL, type UserRecord } from '../store/repos/users';
import { confirmationMail, issueKey } from '../services/team';
import type { Store } from '../store/store';

/** The avatar is a local path (no external host sees who our users are); the dashboard may draw initials. */
export const avatarPath = (id: number) => `/avatars/${id}.svg`;

export const toUserProfile = (r: UserRecord): UserProfile => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  nick_name: nickName(r.first_name, r.last_name, r.id),
  country_code: r.country_code,
  phone_number: r.phone_number,
  role: r.role,
  role_text: roleText(r.role),
  is_account_owner: r.is_account_owner,
  is_account_manager: r.is_account_manager,
  avatar_url: avatarPath(r.id),
  url: itemPath('users', r.id),
});

const duplicate = (email: string) => conflict(`a user profile with the e-mail ${email} already exists`, 'email');

/** The account's profile with this path id, or 404. */
export async function userOr404(store: Store, accountId: number, id: number | null) {
  const u = id === null ? null : await store.users.get(accountId, id);
  if (!u) throw notFound('user profile');
  return u;
}

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

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../shared/session';
import type { Deps } from '../deps';
import { hashKey } from '../services/keys';
import type { SessionRecord } from '../store/repos/team';
import type { Identity } from './auth';

/** A session ends after 12 hours without a request... */
export const SESSION_IDLE_SECONDS = 12 * 3600;
/** ...and 7 days after sign-in whatever the activity. */
export const SESSION_MAX_SECONDS = 7 * 86400;
/** last_seen is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_SECONDS = 60;

/** The session cookie's attributes for a request. */
export function cookieOptions(req: Pick<FastifyRequest, 'protocol'>) {
  // Secure only when this request came over TLS: on plain http the browser would drop the cookie.
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' };
}

/** Reads the request's session cookie: the live session, or null (missing, unknown or expired). */
export function sessionReader({ store, now }: Deps) {
  return async (req: FastifyRequest): Promise<SessionRecord | null> => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 200) return null;
    // The token is looked up by its hash: a copy of the store holds no usable session.
    const s = await store.sessions.find(hashKey(token));
    if (!s) return null;
    const t = now();
    if (t - s.lastSeen > SESSION_IDLE_SECONDS || t - s.created > SESSION_MAX_SECONDS) {
      await store.sessions.end(s.id);
      return null;
    }
    if (t - s.lastSeen >= TOUCH_EVERY_SECONDS) await store.sessions.touch(s.id, t);
    return s;
  };
}

/** Starts a session for a signed-in identity and sets its cookie; the token exists only in the cookie. */
export async function startSession({ store, now }: Deps, req: FastifyRequest, reply: FastifyReply, who: Identity) {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  const t = now();
  // Old sessions are swept at each sign-in rather than by a timer.
  await store.sessions.purge(t - SESSION_IDLE_SECONDS, t - SESSION_MAX_SECONDS);
  const session = await store.sessions.create(who.account.id, who.user.id, hashKey(token), csrf, t);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_MAX_SECONDS });
  return session;
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { hashKey, keyMatches, sameSecret } from '../services/keys';
import type { SessionRecord } from '../store/repos/team';
import type { UserRecord } from '../store/repos/users';
import { ApiError } from './errors';
import { SignInThrottle } from './throttle';

/** The authenticated tenant of a request. */
export interface AccountContext {
  id: number;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountContext;
    /** The user profile acting: the owner for the account key, else the profile whose key or session it is. */
    user: UserRecord;
    /** Set when the request was authenticated by the session cookie rather than Basic. */
    session?: SessionRecord;
  }
}

// Compared against when the e-mail is unknown, so that case costs the same as a wrong key.
const DUMMY_HASH = hashKey('no such account');

/** Parses an `Authorization: Basic` header into e-mail and key. */
export function parseBasic(header: string | undefined): { email: string; key: string } | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m?.[1]) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 1) return null;
  return { email: text.slice(0, colon), key: text.slice(colon + 1) };
}

/** Who a request acts as. */
export interface Identity {
  account: AccountContext;
  user: UserRecord;
}

/** Browsers answer WWW-Authenticate with their own password prompt; the dashboard marks its requests. */
export function unauthorized(req: FastifyRequest, message: string): ApiError {
  const quiet = req.headers['x-requested-with'] === 'XMLHttpRequest' || req.headers.cookie !== undefined;
  return new ApiError(401, message, undefined, quiet ? {} : { 'WWW-Authenticate': 'Basic realm="api", charset="UTF-8"' });
}

/** Sign-in by e-mail and key, shared by Basic auth and POST /session/ (one throttle for both). */
export interface Authenticator {
  /** The identity of a correct e-mail and key; 401, or 429 once a wrong-key budget is spent. */
  verify(req: FastifyRequest, email: string, key: string): Promise<Identity>;
  /** Loads the identity of an account and user id (a session's); null when either is gone. */
  identity(accountId: number, userId: number): Promise<Identity | null>;
}

const authenticators = new WeakMap<Deps, Authenticator>();

/** The service's authenticator, one per Deps so Basic auth and sessions share the throttle. */
export function authenticatorFor(deps: Deps): Authenticator {
  let a = authenticators.get(deps);
  if (!a) authenticators.set(deps, (a = createAuthenticator(deps)));
  return a;
}

function createAuthenticator({ store, config }: Deps): Authenticator {
  const throttle = new SignInThrottle({
    maxFailures: config.authMaxFailures,
    emailMaxFailures: config.authEmailMaxFailures,
    penaltyMs: config.authPenaltyMs,
  });

  async function identity(accountId: number, userId: number): Promise<Identity | null> {
    const [account, user] = await Promise.all([store.accounts.get(accountId), store.users.get(accountId, userId)]);
    return account && user ? { account: { id: account.id, email: account.email }, user } : null;
  }

  return {
    identity,
    async verify(req, email, key) {
      const candidates = await store.team.credentials(email);
      // Every candidate is compared (no early exit), and an unknown e-mail costs one comparison too.
      let match: (typeof candidates)[number] | undefined;
      for (const c of candidates) if (keyMatches(key, c.keyHash) && !match) match = c;
      if (candidates.length === 0) keyMatches(key, DUMMY_HASH);
      // The candidates carry their account and user (one query): no second read. A store may keep them
      // only while nothing they come from changes (SQLite: schema-sign-in-versions.ts).
      const who = match ? { account: { id: match.accountId, email: match.accountEmail }, user: match.user } : null;
      if (who) {
        throttle.success(req.ip, email);
        return who;
      }
      const wait = throttle.failure(req.ip, email);
      if (wait === 0) throw unauthorized(req, 'wrong e-mail or API key');
      if (throttle.penaltyMs > 0) await new Promise((r) => setTimeout(r, throttle.penaltyMs));
      throw new ApiError(429, 'too many wrong keys for this e-mail; try again later', undefined, { 'Retry-After': String(wait) });
    },
  };
}

/** Whether a method changes something (and so needs the CSRF token under a cookie session). */
export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * The onRequest sign-in of every /api route: HTTP Basic (e-mail and key of the account or of a user
 * profile), or else the dashboard's session cookie, whose writes must carry the CSRF token.
 */
export function authenticate(deps: Deps, sessionOf: (req: FastifyRequest) => Promise<SessionRecord | null>) {
  const auth = authenticatorFor(deps);
  return async function signIn(req: FastifyRequest, _reply: FastifyReply) {
    const creds = parseBasic(req.headers.authorization);
    if (creds) {
      const who = await auth.verify(req, creds.email, creds.key);
      req.account = who.account;
      req.user = who.user;
      return;
    }
    const session = await sessionOf(req);
    // No credentials is the Basic challenge step many clients take first, not a guess: not counted.
    if (!session) throw unauthorized(req, 'authentication required: HTTP Basic with your e-mail and API key, or a session');
    const who = await auth.identity(session.accountId, session.userId);
    if (!who) throw unauthorized(req, 'the session has ended; sign in again');
    const token = req.headers['x-csrf-token'];
    if (isWrite(req.method) && (typeof token !== 'string' || !sameSecret(token, session.csrfToken))) {
      throw new ApiError(403, 'a missing or wrong X-CSRF-Token header: writes from a session must send the token of POST /session/');
    }
    req.account = who.account;
    req.user = who.user;
    req.session = session;
  };
}

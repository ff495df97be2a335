import type { FastifyInstance } from 'fastify';
import { sessionCreate, sessionAnswer } from '../../shared/session';
import type { Deps } from '../deps';
import { toUserProfile } from '../http/answers';
import { authenticatorFor, unauthorized } from '../http/auth';
import { parseInput } from '../http/input';
import { clearSessionCookie, startSession } from '../http/sessions';
import { route, successAnswer } from '../http/route';

/**
 * The dashboard's cookie session. POST is the one /api write reachable without credentials; it
 * checks the key through the same authenticator (and throttle) as Basic auth.
 */
export function sessionRoutes(app: FastifyInstance, deps: Deps) {
  const auth = authenticatorFor(deps);

  route(app, {
    method: 'POST', path: '/session',
    tag: 'Team access', summary: 'Sign in: sets the fw_session cookie and answers the CSRF token', public: true,
    description: 'Cookie HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS. Writes made with the cookie must send X-CSRF-Token. Shares the sign-in throttle (429).',
    params: sessionCreate, response: sessionAnswer,
  }, async (req, reply) => {
    const input = parseInput(req, sessionCreate);
    const who = await auth.verify(req, input.email, input.api_key);
    const session = await startSession(deps, req, reply, who);
    return { user: toUserProfile(who.user), csrf_token: session.csrfToken };
  });

  route(app, {
    method: 'GET', path: '/session',
    tag: 'Team access', summary: 'The current session (401 without one)',
    response: sessionAnswer,
  }, async (req) => {
    if (!req.session) throw unauthorized(req, 'no session: this request was signed in with Basic auth');
    return { user: toUserProfile(req.user), csrf_token: req.session.csrfToken };
  });

  route(app, {
    method: 'DELETE', path: '/session',
    tag: 'Team access', summary: 'Sign out: ends the session on the server and clears the cookie',
    response: successAnswer,
  }, async (req, reply) => {
    if (req.session) await deps.store.sessions.end(req.session.id);
    clearSessionCookie(req, reply);
    return { result: 'Success' };
  });
}

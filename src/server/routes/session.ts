import type { FastifyInstance } from 'fastify';
import { sessionCreate } from '../../shared/session';
import type { Deps } from '../deps';
import { toUserProfile } from '../http/answers';
import { authenticatorFor, unauthorized } from '../http/auth';
import { parseInput } from '../http/input';
import { clearSessionCookie, startSession } from '../http/sessions';

/**
 * The dashboard's cookie session. POST is the one /api write reachable without credentials; it
 * checks the key through the same authenticator (and throttle) as Basic auth.
 */
export function sessionRoutes(app: FastifyInstance, deps: Deps) {
  const auth = authenticatorFor(deps);

  app.post('/session', async (req, reply) => {
    const input = parseInput(req, sessionCreate);
    const who = await auth.verify(req, input.email, input.api_key);
    const session = await startSession(deps, req, reply, who);
    return { user: toUserProfile(who.user), csrf_token: session.csrfToken };
  });

  app.get('/session', async (req) => {
    if (!req.session) throw unauthorized(req, 'no session: this request was signed in with Basic auth');
    return { user: toUserProfile(req.user), csrf_token: req.session.csrfToken };
  });

  app.delete('/session', async (req, reply) => {
    if (req.session) await deps.store.sessions.end(req.session.id);
    clearSessionCookie(req, reply);
    return { result: 'Success' };
  });
}

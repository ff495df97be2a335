import { toAlertHistory } from '../http/answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noteInput, type TimelineEvent } from '../../shared/incident-response';
import type { Deps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import type { NoteRecord } from '../store/repos/incidents';
import { IncidentError, acknowledge, acknowledgeByToken, ackTokenInfo, addNote, timeline, unacknowledge, type IncidentProblem } from '../services/incidents';

const STATUS: Record<IncidentProblem, number> = {
  not_found: 404,
  resolved: 409,
  token_invalid: 400,
  token_expired: 410,
  token_used: 409,
  recipient_gone: 410,
};

/** Domain refusals as the API's errors; a token problem names the `token` parameter. */
async function answering<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof IncidentError) throw new ApiError(STATUS[e.problem], e.message, e.problem.startsWith('token') ? 'token' : undefined);
    throw e;
  }
}

const noteEvent = (n: NoteRecord): Extract<TimelineEvent, { kind: 'note' }> => ({ kind: 'note', at: n.created, id: n.id, text: n.text, user_id: n.userId, user_name: n.userName });

/** A token is opaque to the route: bounded, URL-safe text (the service verifies it). */
const tokenParam = z.object({ token: z.string().max(400) });
const tokenOf = (req: FastifyRequest) => tokenParam.parse(req.params).token;

/**
 * Incident response on alert histories (extension, issue 18): acknowledge and un-acknowledge, the
 * timeline, notes, and the e-mailed acknowledge link (GET reads, POST acts; the link is the credential).
 */
export function incidentRoutes(app: FastifyInstance, { store, now }: Deps) {
  const historyId = (req: FastifyRequest) => {
    const id = pathId(req);
    if (id === null) throw notFound('alert history');
    return id;
  };

  app.post('/alert_histories/:id/acknowledge', async (req) =>
    toAlertHistory(await answering(() => acknowledge(store, req.account.id, historyId(req), req.user.id, now()))),
  );

  app.post('/alert_histories/:id/unacknowledge', async (req) =>
    toAlertHistory(await answering(() => unacknowledge(store, req.account.id, historyId(req), req.user.id, now()))),
  );

  app.get('/alert_histories/:id/timeline', async (req) => ({ data: await answering(() => timeline(store, req.account.id, historyId(req))) }));

  app.post('/alert_histories/:id/notes', async (req, reply) => {
    const id = historyId(req);
    const { text } = parseInput(req, noteInput);
    const note = await answering(() => addNote(store, req.account.id, id, req.user.id, text, now()));
    return reply.code(201).send(noteEvent(note));
  });

  app.get('/ack/:token', async (req) => {
    const { claims, history } = await answering(() => ackTokenInfo(store, tokenOf(req), now()));
    return {
      alert_history_id: history.id,
      subject: history.subject,
      start: history.start,
      end: history.end,
      acknowledged_by: history.acknowledgedBy,
      acknowledged_at: history.acknowledgedAt,
      expires: claims.expires,
    };
  });

  app.post('/ack/:token', async (req) => {
    const { claims, user, history } = await answering(() => acknowledgeByToken(store, tokenOf(req), now()));
    const answer = toAlertHistory(history);
    // Audited here: no user signed in, the link's recipient acts. The path leaves the token out (it is a credential).
    await store.audit.record(claims.accountId, {
      time: now(),
      user_id: user.id,
      user_email: user.email,
      method: 'POST',
      path: req.url.split('?')[0]!.replace(/\/ack\/[^/]+/, '/ack/{token}'),
      resource: 'alert_histories',
      resource_id: history.id,
      action: 'acknowledge_link',
      before: null,
      after: answer,
    });
    return answer;
  });
}

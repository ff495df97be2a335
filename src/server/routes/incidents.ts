import { toAlertHistory } from '../http/answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ackTokenInfo as ackTokenAnswer, noteInput, type TimelineEvent, alertHistoryAnswer, timelineAnswer, timelineEvent } from '../../shared/incident-response';
import type { Deps } from '../deps';
import { OUTBOX_EVENT } from '../alerting/start';
import { ApiError, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import type { NoteRecord } from '../store/repos/incidents';
import { IncidentError, acknowledge, acknowledgeByToken, ackTokenInfo, addNote, timeline, unacknowledge, type IncidentProblem } from '../services/incidents';
import { route } from '../http/route';

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

const TAG = 'Incident response';

/**
 * Incident response on alert histories (extension, issue 18): acknowledge and un-acknowledge, the
 * timeline, notes, and the e-mailed acknowledge link (GET reads, POST acts; the link is the credential).
 */
export function incidentRoutes(app: FastifyInstance, { store, now, events }: Deps) {
  // An acknowledgement queues ACKNOWLEDGED to the alert's channels: the dispatcher looks at once.
  const wake = () => events.emit(OUTBOX_EVENT);
  const historyId = (req: FastifyRequest) => {
    const id = pathId(req);
    if (id === null) throw notFound('alert history');
    return id;
  };

  route(app, {
    method: 'POST', path: '/alert_histories/:id/acknowledge',
    tag: TAG, summary: 'Acknowledge an open incident (any role): its reminders stop',
    description:
      'Sets acknowledged_by (you) and acknowledged_at. The TRIGGERED callback and first notification are already out; the RESOLVED callback still goes out when it ends. ' +
      "Acknowledging an acknowledged incident keeps the first acknowledgement. A resolved incident answers 409; another account's history 404. Audited.",
    response: alertHistoryAnswer,
  }, async (req) =>
    toAlertHistory(await answering(async () => {
      const h = await acknowledge(store, req.account.id, historyId(req), req.user.id, now());
      wake();
      return h;
    })),
  );

  route(app, {
    method: 'POST', path: '/alert_histories/:id/unacknowledge',
    tag: TAG, summary: 'Clear the acknowledgement of an open incident (any role): reminders resume',
    description: 'A resolved incident answers 409. Audited.',
    response: alertHistoryAnswer,
  }, async (req) =>
    toAlertHistory(await answering(() => unacknowledge(store, req.account.id, historyId(req), req.user.id, now()))),
  );

  route(app, {
    method: 'GET', path: '/alert_histories/:id/timeline',
    tag: TAG, summary: 'Every event of the incident, oldest first',
    description:
      'triggered (with the value that crossed the threshold), each e-mail, SMS, push and callback as the outbox records it (channel, recipient, outcome, attempts, last error; ' +
      'credentials, query values and token-like path segments of callback URLs masked), acknowledged/unacknowledged by whom, notes, silenced, resolved.',
    response: timelineAnswer,
  }, async (req) => ({ data: await answering(() => timeline(store, req.account.id, historyId(req))) }));

  route(app, {
    method: 'POST', path: '/alert_histories/:id/notes',
    tag: TAG, summary: 'Add a note to the incident (any role; open or resolved)',
    description: 'Plain text, at most 4000 characters, shown as text everywhere. Answers the note as its timeline event. Audited.',
    params: noteInput, response: timelineEvent, status: 201,
  }, async (req, reply) => {
    const id = historyId(req);
    const { text } = parseInput(req, noteInput);
    const note = await answering(() => addNote(store, req.account.id, id, req.user.id, text, now()));
    return reply.code(201).send(noteEvent(note));
  });

  route(app, {
    method: 'GET', path: '/ack/:token',
    tag: TAG, public: true, summary: 'What an e-mailed acknowledge link names (no sign-in; changes nothing)',
    description:
      'The link is the credential: HMAC-signed, one incident, one recipient, 7 days. A forged or damaged link answers 400, an expired one 410, a used one 409 (field token, the message says which). ' +
      'Mail scanners prefetch links: this GET never acts.',
    response: ackTokenAnswer,
  }, async (req) => {
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

  route(app, {
    method: 'POST', path: '/ack/:token',
    tag: TAG, public: true, summary: 'Acknowledge through an e-mailed link, once, as the recipient it was sent to (no sign-in)',
    description: 'As GET for bad links; a second POST answers 409 (already used); a resolved incident answers 409 and leaves the link unused. Audited as the recipient.',
    response: alertHistoryAnswer,
  }, async (req) => {
    const { claims, user, history } = await answering(() => acknowledgeByToken(store, tokenOf(req), now()));
    wake();
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

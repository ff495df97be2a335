import { ackTokenInfo, alertHistoryAnswer, noteInput, timelineAnswer, timelineEvent } from '../../shared/incident-response';
import type { Operation } from './openapi-operation';

const TAG = 'Incident response';

/** Incident response on alert histories (extension, issue 18; docs/incident-response.md). */
export const INCIDENT_OPERATIONS: Operation[] = [
  {
    method: 'POST', path: '/alert_histories/:id/acknowledge', tag: TAG, summary: 'Acknowledge an open incident (any role): its reminders stop',
    description:
      'Sets acknowledged_by (you) and acknowledged_at. The TRIGGERED callback and first notification are already out; the RESOLVED callback still goes out when it ends. ' +
      'Acknowledging an acknowledged incident keeps the first acknowledgement. A resolved incident answers 409; another account\'s history 404. Audited.',
    response: alertHistoryAnswer,
  },
  {
    method: 'POST', path: '/alert_histories/:id/unacknowledge', tag: TAG, summary: 'Clear the acknowledgement of an open incident (any role): reminders resume',
    description: 'A resolved incident answers 409. Audited.',
    response: alertHistoryAnswer,
  },
  {
    method: 'GET', path: '/alert_histories/:id/timeline', tag: TAG, summary: 'Every event of the incident, oldest first',
    description:
      'triggered (with the value that crossed the threshold), each e-mail, SMS, push and callback as the outbox records it (channel, recipient, outcome, attempts, last error; ' +
      'credentials, query values and token-like path segments of callback URLs masked), acknowledged/unacknowledged by whom, notes, silenced, resolved.',
    response: timelineAnswer,
  },
  {
    method: 'POST', path: '/alert_histories/:id/notes', tag: TAG, summary: 'Add a note to the incident (any role; open or resolved)',
    description: 'Plain text, at most 4000 characters, shown as text everywhere. Answers the note as its timeline event. Audited.',
    params: noteInput, response: timelineEvent, status: 201,
  },
  {
    method: 'GET', path: '/ack/:token', tag: TAG, public: true, summary: 'What an e-mailed acknowledge link names (no sign-in; changes nothing)',
    description:
      'The link is the credential: HMAC-signed, one incident, one recipient, 7 days. A forged or damaged link answers 400, an expired one 410, a used one 409 (field token, the message says which). ' +
      'Mail scanners prefetch links: this GET never acts.',
    response: ackTokenInfo,
  },
  {
    method: 'POST', path: '/ack/:token', tag: TAG, public: true, summary: 'Acknowledge through an e-mailed link, once, as the recipient it was sent to (no sign-in)',
    description: 'As GET for bad links; a second POST answers 409 (already used); a resolved incident answers 409 and leaves the link unused. Audited as the recipient.',
    response: alertHistoryAnswer,
  },
];

import { z } from 'zod';
import { silenceInput, silenceItem, silenceListQuery } from '../../shared/incident-response';
import type { JsonSchema, Operation } from './openapi-operation';

const success = z.object({ result: z.literal('Success') });
const TAG = 'Silences';
const ids = (what: string): JsonSchema => ({ description: `${what} ids (a JSON list); empty: any. Ids must be of this account.` });

/** Silence create and update fields the zod schema cannot express (lists taken as JSON text too). */
const SILENCE_FIELDS: Record<string, JsonSchema> = {
  alerts: ids('Alert'),
  servers: ids('Server'),
  server_tags: ids('Server tag'),
  server_sets: ids('Server set'),
  alert_name: { type: 'string', description: "A case-insensitive substring of the alert's name; empty: any name." },
  start: { type: 'integer', minimum: 0, description: 'Epoch seconds; default now on create, the silence\'s own start on update.' },
  end: { type: 'integer', minimum: 0, description: 'Epoch seconds, after start. Give end or duration, not both.' },
  duration: { type: 'integer', minimum: 60, maximum: 366 * 86400, description: 'Seconds from start (instead of end).' },
};

/** The rules of silences, shown on their tag. */
export const SILENCE_RULE =
  'While a silence matches an incident (when it starts, on each reminder and when it resolves), its e-mails, SMS and pushes are recorded ' +
  "in the outbox with state 'silenced' and never sent, the history is marked silenced and its timeline gets a 'silenced' event; " +
  'callbacks still go, with silenced=true added to their data. A silence matches when every matcher given matches: the alert among alerts, ' +
  'its name containing alert_name, and every server of the incident among servers, tagged with one of server_tags and in one of server_sets. ' +
  'At least one matcher is required. It holds for start <= now < end by the service clock; state is pending, active or expired, and expired ' +
  'silences stay listed. Maintenance windows keep their own rules.';

/** /silences/ (extension, issue 18): everyone reads; Manager and owner write. */
export const SILENCE_OPERATIONS: Operation[] = [
  {
    method: 'GET', path: '/silences', tag: TAG, summary: 'Paged list of silences, newest first; active=true: not yet expired, false: expired',
    params: silenceListQuery, response: silenceItem, paged: true,
  },
  { method: 'POST', path: '/silences', tag: TAG, summary: 'Create a silence (Manager/owner)', params: silenceInput, fields: SILENCE_FIELDS, response: silenceItem, status: 201 },
  { method: 'GET', path: '/silences/:id', tag: TAG, summary: 'One silence', response: silenceItem },
  {
    method: 'PUT', path: '/silences/:id', tag: TAG, summary: 'Replace a silence (Manager/owner)',
    description: 'Takes what create takes; an omitted start keeps the silence\'s start. Setting end to now ends a silence early and keeps it as history.',
    params: silenceInput, fields: SILENCE_FIELDS, response: silenceItem,
  },
  { method: 'DELETE', path: '/silences/:id', tag: TAG, summary: 'Delete a silence (Manager/owner)', response: success },
];

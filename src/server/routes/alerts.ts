import type { FastifyInstance } from 'fastify';
import { FIXED_AFTER_CREATE, NOT_UPDATABLE, alertCreate, alertListQuery, alertUpdate, alertItem } from '../../shared/alerts';
import type { Deps } from '../deps';
import { toAlert } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId, rawInput } from '../http/input';
import { envelope } from '../http/paging';
import { OUTBOX_EVENT } from '../alerting/start';
import { closeIfDeactivated, createAlert, targetFilter, updateAlert } from '../services/alerts';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';
import { MAX_SUBSCRIBERS, SUBSCRIBER_EVENTS, SUBSCRIBER_TYPES } from '../../shared/alert-inputs';

const SUBSCRIBER_OBJECT: JsonSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', format: 'uri', description: 'http or https callback address' },
    auth: { type: ['string', 'null'], description: 'Basic credentials, base64 of username:password; answered as given, as the spec shows' },
    type: { type: 'string', enum: [...SUBSCRIBER_TYPES], default: 'get' },
    event: { type: 'string', enum: [...SUBSCRIBER_EVENTS], default: 'BOTH' },
    secret: {
      type: ['string', 'null'],
      maxLength: 256,
      writeOnly: true,
      description:
        'HMAC-SHA256 key: callbacks carry X-Signature-Timestamp and X-Signature: sha256=<hex of HMAC(secret, "<timestamp>.<url-encoded data>")>. ' +
        'Write-only: answers show has_secret instead. On update an entry that leaves secret out keeps the stored secret of the subscriber ' +
        'with the same url and auth (several alike pair up in order); "" or null removes it; a value replaces it. A changed url or auth starts without one.',
    },
  },
};

/** Alert create and update: subscribers is a JSON list whose entries the zod schema reads by hand. */
const ALERT_FIELDS: Record<string, JsonSchema> = {
  subscribers: {
    description: `Callback subscribers: a JSON list (a JSON array, or its text in a form field) of url strings and objects, at most ${MAX_SUBSCRIBERS}; [] removes them all. A url string is a subscriber with the defaults (on update it keeps the stored secret of that url).`,
    anyOf: [{ type: 'array', maxItems: MAX_SUBSCRIBERS, items: { anyOf: [{ type: 'string', format: 'uri' }, SUBSCRIBER_OBJECT] } }, { type: 'string', contentMediaType: 'application/json' }],
  },
  active: { description: 'An inactive alert is never evaluated. Setting false during an incident closes it: the history ends and RESOLVED callbacks are sent.' },
  trigger_type: { description: 'The trigger of the type (see the spec). Registry Accessed applies to Windows collectors; ours report no registry access, so it never triggers.' },
  reg_exp: {
    description:
      'Pattern of the content triggers (Log Content, Incident Report Content, File Accessed), matched anywhere in the text with RE2 syntax, ' +
      'which runs in time linear in the text; backreferences and lookaround are refused with 400.',
  },
};

export function alertRoutes(app: FastifyInstance, { store, now, events }: Deps) {
  async function alertOr404(accountId: number, id: number | null) {
    const alert = id === null ? null : await store.alerts.get(accountId, id);
    if (!alert) throw notFound('alert');
    return alert;
  }

  route(app, {
    method: 'GET', path: '/alerts',
    tag: 'Alerts', summary: 'Paged list of alerts',
    params: alertListQuery, response: alertItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, alertListQuery);
    const page = await store.alerts.list(req.account.id, targetFilter(q.filter_name, q.filter_id), q);
    return envelope(req, q, { total: page.total, items: page.items.map(toAlert) });
  });

  route(app, {
    method: 'POST', path: '/alerts',
    tag: 'Alerts', summary: 'Create',
    params: alertCreate, fields: ALERT_FIELDS, response: alertItem, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, alertCreate);
    const alert = await createAlert(store, req.account.id, input, now());
    reply.status(201);
    return toAlert(alert);
  });

  route(app, {
    method: 'GET', path: '/alerts/:id',
    tag: 'Alerts', summary: 'One item',
    response: alertItem,
  }, async (req) => toAlert(await alertOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/alerts/:id',
    tag: 'Alerts', summary: 'Update',
    params: alertUpdate, fields: ALERT_FIELDS, response: alertItem,
  }, async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    const raw = rawInput(req);
    for (const f of FIXED_AFTER_CREATE) if (raw[f] !== undefined) throw badRequest(`${f} cannot change after creation`, f);
    for (const f of NOT_UPDATABLE) if (raw[f] !== undefined) throw badRequest(`${f} cannot be updated; create a new alert`, f);
    const input = parseInput(req, alertUpdate);
    const updated = await updateAlert(store, req.account.id, alert, input);
    const { alert: answer, queued } = await closeIfDeactivated(store, req.account.id, updated, now());
    if (queued) events.emit(OUTBOX_EVENT); // the dispatcher (alerting/start.ts) looks at the outbox at once
    return toAlert(answer);
  });

  route(app, {
    method: 'DELETE', path: '/alerts/:id',
    tag: 'Alerts', summary: 'Delete',
    response: successAnswer,
  }, async (req) => {
    const alert = await alertOr404(req.account.id, pathId(req));
    await store.alerts.delete(req.account.id, alert.id);
    return { result: 'Success' };
  });
}

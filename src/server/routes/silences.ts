import type { FastifyInstance, FastifyRequest } from 'fastify';
import { silenceInput, silenceListQuery, silenceItem } from '../../shared/incident-response';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { silenceWrite, toSilenceItem, unknownReference } from '../services/silences';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';

const TAG = 'Silences';
const ids = (what: string): JsonSchema => ({ description: `${what} ids (a JSON list); empty: any. Ids must be of this account.` });

/** Silence create and update fields the zod schema cannot express (lists taken as JSON text too). */
const SILENCE_FIELDS: Record<string, JsonSchema> = {
  alerts: ids('Alert'),
  servers: ids('Server'),
  server_tags: ids('Server tag'),
  server_sets: ids('Server set'),
  alert_name: { type: 'string', description: "A case-insensitive substring of the alert's name; empty: any name." },
  matchers: {
    description:
      'Extension: Alertmanager-style label matchers, a JSON list of {name, value, isRegex, isEqual} (isRegex default false, isEqual default true; ' +
      'regular expressions anchored at both ends, RE2). A silence with matchers applies to external (Prometheus) alerts only, and all must match.',
  },
  start: { type: 'integer', minimum: 0, description: 'Epoch seconds; default now on create, the silence\'s own start on update.' },
  end: { type: 'integer', minimum: 0, description: 'Epoch seconds, after start. Give end or duration, not both.' },
  duration: { type: 'integer', minimum: 60, maximum: 366 * 86400, description: 'Seconds from start (instead of end).' },
};

/**
 * Extension (issue 18): silences. While one matches an incident, its e-mails, SMS and pushes are
 * recorded as 'silenced' and not sent; callbacks still go, saying silenced=true. Everyone reads;
 * Managers and the owner write (http/access.ts); expired silences stay listed.
 */
export function silenceRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function parseSilence(req: FastifyRequest, defaultStart: number, createdBy: number | null) {
    const w = silenceWrite(parseInput(req, silenceInput), defaultStart, createdBy);
    if ('message' in w) throw badRequest(w.message, w.field);
    const problem = await unknownReference(store, req.account.id, w);
    if (problem) throw badRequest(problem.message, problem.field);
    return w;
  }
  async function silenceOr404(accountId: number, id: number | null) {
    const s = id === null ? null : await store.silences.get(accountId, id);
    if (!s) throw notFound('silence');
    return s;
  }

  route(app, {
    method: 'GET', path: '/silences',
    tag: TAG, summary: 'Paged list of silences, newest first; active=true: not yet expired, false: expired',
    params: silenceListQuery, response: silenceItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, silenceListQuery);
    const t = now();
    const page = await store.silences.list(req.account.id, { ...q, now: t });
    return envelope(req, q, { total: page.total, items: page.items.map((s) => toSilenceItem(s, t)) });
  });

  route(app, {
    method: 'POST', path: '/silences',
    tag: TAG, summary: 'Create a silence (Manager/owner)',
    params: silenceInput, fields: SILENCE_FIELDS, response: silenceItem, status: 201,
  }, async (req, reply) => {
    const t = now();
    const w = await parseSilence(req, t, req.user.id);
    const s = await store.silences.create(req.account.id, w, t);
    reply.status(201);
    return toSilenceItem(s, t);
  });

  route(app, {
    method: 'GET', path: '/silences/:id',
    tag: TAG, summary: 'One silence',
    response: silenceItem,
  }, async (req) => toSilenceItem(await silenceOr404(req.account.id, pathId(req)), now()));

  // Replaces the silence as POST takes it, except that an omitted start keeps its own (not now).
  route(app, {
    method: 'PUT', path: '/silences/:id',
    tag: TAG, summary: 'Replace a silence (Manager/owner)',
    description: "Takes what create takes; an omitted start keeps the silence's start. Setting end to now ends a silence early and keeps it as history.",
    params: silenceInput, fields: SILENCE_FIELDS, response: silenceItem,
  }, async (req) => {
    const s = await silenceOr404(req.account.id, pathId(req));
    const w = await parseSilence(req, s.start, s.createdBy);
    const updated = await store.silences.update(req.account.id, s.id, w);
    if (!updated) throw notFound('silence');
    return toSilenceItem(updated, now());
  });

  route(app, {
    method: 'DELETE', path: '/silences/:id',
    tag: TAG, summary: 'Delete a silence (Manager/owner)',
    response: successAnswer,
  }, async (req) => {
    const s = await silenceOr404(req.account.id, pathId(req));
    await store.silences.delete(req.account.id, s.id);
    return { result: 'Success' };
  });
}

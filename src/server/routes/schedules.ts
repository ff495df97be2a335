import type { FastifyInstance } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { resolveShifts } from '../../shared/schedule-shifts';
import {
  onCallAnswer,
  onCallQuery,
  overrideInput,
  scheduleInput,
  scheduleItem,
  scheduleOverride,
  shiftsAnswer,
  shiftsQuery,
  WEEKDAYS,
} from '../../shared/schedules';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import type { JsonSchema } from '../http/openapi-operation';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import { checkOverride, checkOverrideRemoval, checkRotationUsers, onCall, peopleOf } from '../services/schedules';
import { refuseIfPaged } from '../services/escalation-policies';

const TAG = 'Schedules';

const hhmm: JsonSchema = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' };
/** Create and update fields the zod schema cannot express (a JSON list also taken as JSON text in a form). */
const SCHEDULE_FIELDS: Record<string, JsonSchema> = {
  time_zone: { type: 'string', description: 'An IANA time zone, e.g. Europe/Berlin; hand-offs keep their wall time in it across daylight-saving changes.' },
  rotations: {
    description: 'Layers in order, a later one winning where two cover an instant (a JSON list; JSON text in a form).',
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['users', 'start', 'handoff_time', 'length'],
      properties: {
        name: { type: 'string' },
        users: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 50, description: 'User ids, taking turns in this order.' },
        start: { type: 'integer', description: "Epoch seconds: the first user's first turn begins here." },
        handoff_time: { ...hhmm, description: 'Wall time of hand-offs in the schedule\'s zone.' },
        length: { type: 'object', properties: { unit: { enum: ['day', 'week'] }, count: { type: 'integer', minimum: 1, maximum: 52 } } },
        restriction: {
          type: ['object', 'null'],
          properties: {
            weekdays: { type: 'array', items: { enum: [...WEEKDAYS] } },
            hours: { type: 'object', properties: { from: hhmm, to: hhmm } },
          },
        },
      },
    },
  },
};

/**
 * Extension (issue 19): on-call schedules. Everyone reads; Managers and the owner write schedules;
 * every role may add an override for themselves ("take this shift"), Managers for anyone
 * (http/access.ts, services/schedules.ts).
 */
export function scheduleRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function scheduleOr404(accountId: number, id: number | null) {
    const s = id === null ? null : await store.schedules.get(accountId, id);
    if (!s) throw notFound('schedule');
    return s;
  }

  route(app, {
    method: 'GET', path: '/schedules',
    tag: TAG, summary: 'Paged list of on-call schedules',
    params: pagingQuery, response: scheduleItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, pagingQuery);
    return envelope(req, q, await store.schedules.list(req.account.id, q));
  });

  route(app, {
    method: 'POST', path: '/schedules',
    tag: TAG, summary: 'Create an on-call schedule (Manager/owner)',
    params: scheduleInput, fields: SCHEDULE_FIELDS, response: scheduleItem, status: 201,
  }, async (req, reply) => {
    const input = parseInput(req, scheduleInput);
    await checkRotationUsers(store, req.account.id, input);
    const s = await store.schedules.create(req.account.id, input, now());
    reply.status(201);
    return s;
  });

  route(app, {
    method: 'GET', path: '/schedules/:id',
    tag: TAG, summary: 'One on-call schedule with its rotations and overrides',
    response: scheduleItem,
  }, async (req) => scheduleOr404(req.account.id, pathId(req)));

  route(app, {
    method: 'PUT', path: '/schedules/:id',
    tag: TAG, summary: 'Replace a schedule\'s name, zone and rotations (Manager/owner); its overrides stay',
    params: scheduleInput, fields: SCHEDULE_FIELDS, response: scheduleItem,
  }, async (req) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    const input = parseInput(req, scheduleInput);
    await checkRotationUsers(store, req.account.id, input);
    const updated = await store.schedules.update(req.account.id, s.id, input);
    if (!updated) throw notFound('schedule');
    return updated;
  });

  route(app, {
    method: 'DELETE', path: '/schedules/:id',
    tag: TAG, summary: 'Delete a schedule and its overrides (Manager/owner); 409 while an escalation policy pages it',
    response: successAnswer,
  }, async (req) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    await refuseIfPaged(store, req.account.id, 'schedules', s.id);
    await store.schedules.remove(req.account.id, s.id);
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/schedules/:id/on_call',
    tag: TAG, summary: 'Who is on call at an instant (default now), and until when',
    params: onCallQuery, response: onCallAnswer,
  }, async (req) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    const q = parseInput(req, onCallQuery);
    return onCall(store, req.account.id, s, q.time ?? now());
  });

  route(app, {
    method: 'GET', path: '/schedules/:id/shifts',
    tag: TAG, summary: 'The resolved shifts of a range (at most 62 days): rotations, layers and overrides applied',
    params: shiftsQuery, response: shiftsAnswer,
  }, async (req) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    const q = parseInput(req, shiftsQuery);
    const data = resolveShifts(s, q.start, q.end);
    return { data, users: await peopleOf(store, req.account.id, data.map((x) => x.user_id)) };
  });

  route(app, {
    method: 'POST', path: '/schedules/:id/overrides',
    tag: TAG, summary: 'Put a user on call from start to end above every rotation (Managers for anyone, a Regular user for themselves)',
    params: overrideInput, response: scheduleOverride, status: 201,
  }, async (req, reply) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    const input = parseInput(req, overrideInput);
    await checkOverride(store, req.account.id, req.user, input);
    const o = await store.schedules.addOverride(req.account.id, s.id, { ...input, created_by: req.user.id }, now());
    if (!o) throw notFound('schedule');
    reply.status(201);
    return o;
  });

  route(app, {
    method: 'DELETE', path: '/schedules/:id/overrides/:oid',
    tag: TAG, summary: 'Remove an override (Managers any, a Regular user their own)',
    response: successAnswer,
  }, async (req) => {
    const s = await scheduleOr404(req.account.id, pathId(req));
    const oid = pathId(req, 'oid');
    if (oid !== null) checkOverrideRemoval(req.user, s, oid);
    if (oid === null || !(await store.schedules.removeOverride(req.account.id, s.id, oid))) throw notFound('override');
    return { result: 'Success' };
  });
}

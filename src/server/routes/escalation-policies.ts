import type { FastifyInstance } from 'fastify';
import { escalationPolicyInput, escalationPolicyItem, escalationPolicyListQuery, MAX_REPEAT, MAX_STEPS, MAX_TARGETS } from '../../shared/escalation-policies';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import type { JsonSchema } from '../http/openapi-operation';
import { envelope } from '../http/paging';
import { route, successAnswer } from '../http/route';
import { checkTargets, deletePolicy, policyWrite, toPolicyItem } from '../services/escalation-policies';

const TAG = 'Escalation policies';
const ids = (what: string): JsonSchema => ({ type: 'array', maxItems: MAX_TARGETS, items: { type: 'integer', minimum: 1 }, description: `${what} ids of this account` });

/** The steps list, which the zod schema reads from JSON text or a JSON array. */
const POLICY_FIELDS: Record<string, JsonSchema> = {
  steps: {
    description:
      `1 to ${MAX_STEPS} steps in order (a JSON list, or its text in a form field). delay_minutes counts from the incident's start and must not decrease; ` +
      'each step names at least one target. A schedule target notifies whoever is on call when the step is taken.',
    anyOf: [
      {
        type: 'array',
        minItems: 1,
        maxItems: MAX_STEPS,
        items: {
          type: 'object',
          required: ['delay_minutes', 'targets'],
          properties: {
            delay_minutes: { type: 'integer', minimum: 0 },
            targets: { type: 'object', properties: { users: ids('User profile'), schedules: ids('Schedule'), channels: ids('Channel') } },
          },
        },
      },
      { type: 'string', contentMediaType: 'application/json' },
    ],
  },
  repeat: { type: 'integer', minimum: 0, maximum: MAX_REPEAT, default: 0, description: 'How many more passes after the last step; pass n starts n * max(last delay, 1) minutes after the walk began.' },
};

/**
 * Extension (issue 19): escalation policies. Everyone reads; Managers and the owner write
 * (http/access.ts, audited). A policy an alert names cannot be deleted (409 naming the alerts).
 */
export function escalationPolicyRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function policyOr404(accountId: number, id: number | null) {
    const p = id === null ? null : await store.escalationPolicies.get(accountId, id);
    if (!p) throw notFound('escalation policy');
    return p;
  }

  route(app, {
    method: 'GET', path: '/escalation_policies',
    tag: TAG, summary: 'Paged list of escalation policies, in id order',
    params: escalationPolicyListQuery, response: escalationPolicyItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, escalationPolicyListQuery);
    const page = await store.escalationPolicies.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toPolicyItem) });
  });

  route(app, {
    method: 'POST', path: '/escalation_policies',
    tag: TAG, summary: 'Create an escalation policy (Manager/owner)',
    params: escalationPolicyInput, fields: POLICY_FIELDS, response: escalationPolicyItem, status: 201,
  }, async (req, reply) => {
    const w = policyWrite(parseInput(req, escalationPolicyInput));
    await checkTargets(store, req.account.id, w);
    const p = await store.escalationPolicies.create(req.account.id, w, now());
    reply.status(201);
    return toPolicyItem(p);
  });

  route(app, {
    method: 'GET', path: '/escalation_policies/:id',
    tag: TAG, summary: 'One escalation policy',
    response: escalationPolicyItem,
  }, async (req) => toPolicyItem(await policyOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'PUT', path: '/escalation_policies/:id',
    tag: TAG, summary: 'Replace an escalation policy (Manager/owner)',
    description: 'Takes what create takes. Walks in progress continue from their next step with the policy as it now is.',
    params: escalationPolicyInput, fields: POLICY_FIELDS, response: escalationPolicyItem,
  }, async (req) => {
    const p = await policyOr404(req.account.id, pathId(req));
    const w = policyWrite(parseInput(req, escalationPolicyInput));
    await checkTargets(store, req.account.id, w);
    const updated = await store.escalationPolicies.update(req.account.id, p.id, w);
    if (!updated) throw notFound('escalation policy');
    return toPolicyItem(updated);
  });

  route(app, {
    method: 'DELETE', path: '/escalation_policies/:id',
    tag: TAG, summary: 'Delete an escalation policy no alert names (Manager/owner); 409 names the alerts that do',
    response: successAnswer,
  }, async (req) => {
    const p = await policyOr404(req.account.id, pathId(req));
    await deletePolicy(store, req.account.id, p.id);
    return { result: 'Success' };
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OUTBOX_EVENT } from '../alerting/start';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { pathId } from '../http/input';
import { keepRawBody, rawBodyOf } from '../http/raw-body';
import { route } from '../http/route';
import { receivePagerDutyWebhook } from '../services/pagerduty-webhooks';

const answer = z.object({
  outcome: z.enum(['acknowledged', 'unacknowledged', 'noted', 'unchanged', 'ignored']).describe('What the event did; ignored and unchanged events change nothing'),
  reason: z.string().optional().describe('Why an event was ignored, or that an unchanged one was a duplicate (its event.id was acted on before)'),
});

/** The reason of a retried event's answer (its id was acted on before). */
const DUPLICATE = 'duplicate: this event.id was already acted on';

/** PagerDuty's payloads are a few KiB; anything much larger is not one. */
const BODY_LIMIT = 256 * 1024;

/**
 * Extension (issue 19): PagerDuty -> Fleetwatch acknowledgements through a v3 webhook subscription
 * (services/pagerduty-webhooks.ts). No sign-in (app.ts exempts the path): the HMAC signature under the
 * channel's webhook_secret is the credential; every refusal is the same 401. Audited as the account
 * owner, naming the PagerDuty agent.
 */
export function pagerDutyWebhookRoutes(app: FastifyInstance, { store, now, events }: Deps) {
  route(app, {
    method: 'POST', path: '/channels/:id/pagerduty_webhook',
    tag: 'Channels', public: true, summary: "PagerDuty v3 webhook: acknowledgements made in PagerDuty come back (no sign-in; signed with the channel's webhook_secret)",
    description:
      'Give this URL to a PagerDuty Generic Webhook (v3) subscription and its signing secret to the channel as webhook_secret. X-PagerDuty-Signature (v1=<hex HMAC-SHA256 of the body>, several separated by commas) must verify: ' +
      'otherwise, for an unknown channel, or one without webhook_secret, 401 and nothing changes. incident.acknowledged and incident.unacknowledged change the acknowledgement of the incident named by incident_key ' +
      "(the dedup_key Fleetwatch sent; an incident of the channel's account only), recorded as the account owner with the PagerDuty agent in the timeline, and not sent back to this channel; " +
      'incident.resolved adds a note (the incident resolves when its condition clears). Other events answer 200, ignored. ' +
      'An event whose event.id this channel already acted on (a PagerDuty retry) answers 200, unchanged with reason duplicate, and changes nothing; ids are kept 7 days.',
    response: answer,
  }, { preParsing: keepRawBody(BODY_LIMIT), bodyLimit: BODY_LIMIT }, async (req) => {
    const signature = req.headers['x-pagerduty-signature'];
    const at = now();
    const out = await receivePagerDutyWebhook(store, pathId(req), Array.isArray(signature) ? signature.join(',') : signature, rawBodyOf(req), at);
    if (out.kind === 'unauthorized') throw new ApiError(401, 'the X-PagerDuty-Signature does not verify with this channel\'s webhook_secret');
    if (out.kind === 'ignored') return { outcome: 'ignored' as const, reason: out.reason };
    if (out.kind === 'unchanged' && out.duplicate) return { outcome: 'unchanged' as const, reason: DUPLICATE };
    if (out.kind === 'acknowledged') events.emit(OUTBOX_EVENT);
    if (out.kind !== 'unchanged') {
      await store.audit.record(out.channel.accountId, {
        time: at,
        user_id: out.owner.id,
        user_email: out.owner.email,
        method: 'POST',
        path: req.url.split('?')[0]!,
        resource: 'alert_histories',
        resource_id: out.historyId,
        action: `pagerduty_${out.kind === 'noted' ? 'resolved' : out.kind}`,
        before: null,
        after: { channel_id: out.channel.id, agent: out.agent },
      });
    }
    return { outcome: out.kind };
  });
}

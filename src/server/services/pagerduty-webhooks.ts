import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseIncidentKey } from '../alerting/channel-payloads/facts';
import type { ChannelRecord } from '../store/repos/channels';
import type { AckVia, WebhookAction, WebhookOutcome } from '../store/repos/incidents';
import type { UserRecord } from '../store/repos/users';
import type { Store } from '../store/store';

/**
 * Whether X-PagerDuty-Signature carries the HMAC-SHA256 of the raw body under `secret`. The header is
 * one or more `v1=<hex>` separated by commas (several while PagerDuty rotates a secret); each is
 * compared in constant time, and every one is looked at so the time does not tell which matched.
 */
export function pagerDutySigned(header: string | undefined, raw: Buffer, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  let ok = false;
  for (const part of header.split(',')) {
    const m = /^v1=([0-9a-fA-F]{64})$/.exec(part.trim());
    if (m && timingSafeEqual(Buffer.from(m[1]!, 'hex'), expected)) ok = true;
  }
  return ok;
}

/** PagerDuty's event ids are short (a UUID or an id like Q1ABC2DEF3GHIJ); a longer one is not theirs. */
const EVENT_ID_MAX = 200;

/** The part of a PagerDuty v3 webhook payload we read (an incident event; other fields are left alone). */
const webhookPayload = z.object({
  event: z.object({
    id: z.string().max(EVENT_ID_MAX).optional(),
    event_type: z.string(),
    occurred_at: z.string().optional(),
    agent: z.object({ id: z.string().optional(), summary: z.string().optional(), type: z.string().optional() }).nullish(),
    data: z.object({ id: z.string().optional(), incident_key: z.string().nullish(), html_url: z.string().optional() }).nullish(),
  }),
});

/**
 * What a signed webhook did: `unauthorized` (401, nothing changed) or an outcome PagerDuty is answered
 * 200 with; `duplicate` on `unchanged` says the event's id was acted on before (a retry), nothing done again.
 */
export type PagerDutyWebhookResult =
  | { kind: 'unauthorized' }
  | { kind: 'ignored'; reason: string }
  | { kind: 'acknowledged' | 'unacknowledged' | 'noted'; channel: ChannelRecord; owner: UserRecord; historyId: number; agent: string }
  | { kind: 'unchanged'; channel: ChannelRecord; owner: UserRecord; historyId: number; agent: string; duplicate?: true };

const AGENT_MAX = 200;
const NO_SECRET = randomBytes(32).toString('hex');

/** Who acted in PagerDuty: the agent's summary (a user's name), else its id; an unacknowledgement by timeout has none. */
function agentOf(agent: { id?: string; summary?: string } | null | undefined): string {
  const name = (agent?.summary ?? agent?.id ?? '').trim();
  return name ? name.slice(0, AGENT_MAX) : 'PagerDuty';
}

/** The account owner: acknowledged_by must be a user, and the change is recorded as theirs (the timeline names the PagerDuty agent). */
async function ownerOf(store: Store, accountId: number): Promise<UserRecord | null> {
  const users = await store.users.list(accountId, {}, { page: 0, limit: 2500 });
  return users.items.find((u) => u.is_account_owner) ?? null;
}

const EVENTS = ['incident.acknowledged', 'incident.unacknowledged', 'incident.resolved'] as const;
type HandledEvent = (typeof EVENTS)[number];
const handled = (t: string): t is HandledEvent => (EVENTS as readonly string[]).includes(t);

/** The store's outcome as the answer's: `done` takes the event's own kind. */
function settled(out: WebhookOutcome, done: 'acknowledged' | 'unacknowledged' | 'noted'): { kind: 'acknowledged' | 'unacknowledged' | 'noted' | 'unchanged'; duplicate?: true } | { kind: 'ignored'; reason: string } {
  switch (out.kind) {
    case 'missing':
      return { kind: 'ignored', reason: 'no such incident' };
    case 'resolved':
      return { kind: 'ignored', reason: 'the incident is resolved' };
    case 'duplicate':
      return { kind: 'unchanged', duplicate: true };
    case 'unchanged':
      return { kind: 'unchanged' };
    case 'done':
    case 'noted':
      return { kind: done };
  }
}

/**
 * A PagerDuty v3 webhook posted to a pagerduty channel (issue 19: acknowledging in PagerDuty shows in
 * Fleetwatch). Unknown channels, channels without a webhook secret and bad or missing signatures are
 * all `unauthorized` alike (which ids exist is not told). A signed event names our incident by its
 * incident_key (the dedup_key we sent); only an incident of the channel's own account is touched.
 * incident.acknowledged / unacknowledged change the acknowledgement as the account owner, the event
 * recording the PagerDuty agent, without telling this channel back; incident.resolved is only a note:
 * the incident resolves when its condition clears. PagerDuty retries an event it got no timely answer
 * for with the same event.id: an id this channel acted on before changes nothing again (`unchanged`,
 * duplicate), recorded in the change's own transaction; an event without an id is acted on every time.
 */
export async function receivePagerDutyWebhook(store: Store, channelId: number | null, signature: string | undefined, raw: Buffer, now: number): Promise<PagerDutyWebhookResult> {
  const channel = channelId === null ? null : await store.channels.findForWebhook(channelId);
  const secret = channel?.settings.type === 'pagerduty' ? channel.settings.webhookSecret : undefined;
  // The signature is checked even without a channel (against a throwaway key), so the time taken does not tell which ids exist.
  const signed = pagerDutySigned(signature, raw, secret ?? NO_SECRET);
  if (!channel || !secret || !signed) return { kind: 'unauthorized' };

  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { kind: 'ignored', reason: 'the body is not JSON' };
  }
  const parsed = webhookPayload.safeParse(body);
  if (!parsed.success) return { kind: 'ignored', reason: 'not a PagerDuty v3 webhook event' };
  const e = parsed.data.event;
  if (!handled(e.event_type)) return { kind: 'ignored', reason: `${e.event_type.slice(0, 100)} is not acted on` };
  const key = e.data?.incident_key ? parseIncidentKey(e.data.incident_key) : null;
  if (!key || key.accountId !== channel.accountId) return { kind: 'ignored', reason: 'the incident_key names no Fleetwatch incident of this account' };
  const owner = await ownerOf(store, channel.accountId);
  if (!owner) return { kind: 'ignored', reason: 'the account has no owner' };

  const agent = agentOf(e.agent);
  const base = { channel, owner, historyId: key.historyId, agent };
  const via: AckVia = { source: 'pagerduty', channelId: channel.id, agent };
  const done = e.event_type === 'incident.resolved' ? 'noted' : e.event_type === 'incident.acknowledged' ? 'acknowledged' : 'unacknowledged';
  const action: WebhookAction =
    done === 'noted' ? { kind: 'note', text: `Resolved in PagerDuty by ${agent}. Fleetwatch resolves this incident when its condition clears.` } : { kind: done, userId: owner.id, via };
  const out = e.id ? await store.incidents.actOnWebhookEvent(channel.accountId, key.historyId, { channelId: channel.id, eventId: e.id }, action, now) : await actOnce(store, channel.accountId, key.historyId, action, now);
  const s = settled(out, done);
  return s.kind === 'ignored' ? s : { ...s, ...base };
}

/** An event without an id: acted on as it comes (nothing to know a retry by). */
async function actOnce(store: Store, accountId: number, historyId: number, action: WebhookAction, now: number): Promise<WebhookOutcome> {
  if (action.kind === 'note') {
    const note = await store.incidents.addNote(accountId, historyId, null, action.text, now);
    return note ? { kind: 'noted', note } : { kind: 'missing' };
  }
  return action.kind === 'acknowledged'
    ? store.incidents.acknowledge(accountId, historyId, action.userId, now, action.via)
    : store.incidents.unacknowledge(accountId, historyId, action.userId, now, action.via);
}

import type { ChannelMessage, ChannelRecord } from '../store/repos/channels';
import type { ChannelSendContext } from '../store/repos/outbox';
import { alertmanagerWebhook } from './channel-payloads/alertmanager';
import type { PayloadInput } from './channel-payloads/facts';
import { pagerDutyEvent } from './channel-payloads/pagerduty';
import { slackMessage } from './channel-payloads/slack';
import { teamsMessage } from './channel-payloads/msteams';
import { send, type AttemptOutcome, type OutboundRequest } from './deliver';
import type { NetPolicy } from './net-policy';

/** PagerDuty's Events API v2 endpoint (PAGERDUTY_EVENTS_URL overrides it). */
export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

export interface ChannelSendOptions {
  policy: NetPolicy;
  timeoutMs: number;
  /** The dashboard's public address: links in messages start with it. */
  baseUrl: string;
  /** Events API v2 enqueue URL; change events go to `change/enqueue` beside it. */
  pagerDutyUrl?: string;
}

const refused = (error: string): AttemptOutcome => ({ ok: false, httpStatus: null, error, retryAfter: null, latencyMs: 0, refused: true });

/** The request of a message to its channel: the payload built now, from the channel and incident as they are. */
export function channelRequest(m: ChannelMessage, c: ChannelRecord, input: PayloadInput, pagerDutyUrl: string): OutboundRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'fleetwatch-channels/1',
    'x-delivery-id': m.deliveryId,
    'idempotency-key': m.deliveryId,
    'x-delivery-attempt': String(m.attempts + 1),
  };
  const s = c.settings;
  const post = (url: string, body: unknown, privateHeaders: Record<string, string> = {}): OutboundRequest => ({ url, method: 'POST', headers, privateHeaders, body: JSON.stringify(body) });
  switch (s.type) {
    case 'slack':
      return post(s.webhookUrl, slackMessage(input));
    case 'msteams':
      return post(s.webhookUrl, teamsMessage(input));
    case 'pagerduty': {
      const e = pagerDutyEvent(input, s.routingKey, s.severity);
      return post(e.endpoint === 'change' ? new URL('change/enqueue', pagerDutyUrl).toString() : pagerDutyUrl, e.body);
    }
    case 'webhook': {
      const auth: Record<string, string> = {};
      if (s.auth?.type === 'basic') auth.authorization = `Basic ${Buffer.from(`${s.auth.username}:${s.auth.password}`).toString('base64')}`;
      if (s.auth?.type === 'bearer') auth.authorization = `Bearer ${s.auth.token}`;
      return post(s.url, alertmanagerWebhook(input), auth);
    }
  }
}

/**
 * Whether a vendor's answer can change on retry: 408, 429 and 5xx can; any other 4xx (an invalid
 * payload, a revoked webhook, an archived Slack channel) cannot, and the message fails at once.
 */
const permanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** One attempt of a channel message, through the network policy (checked again on every redirect). */
export async function sendChannelMessage(m: ChannelMessage, ctx: ChannelSendContext, o: ChannelSendOptions): Promise<AttemptOutcome> {
  if (!ctx.channel) return refused('the channel was deleted');
  if (m.historyId !== null && !ctx.incident) return refused('the incident no longer exists');
  const input: PayloadInput = {
    event: m.event,
    accountId: m.accountId,
    channelName: ctx.channel.name,
    deliveryId: m.deliveryId,
    incident: ctx.incident,
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    now: Math.floor(Date.now() / 1000),
  };
  const out = await send(channelRequest(m, ctx.channel, input, o.pagerDutyUrl ?? PAGERDUTY_EVENTS_URL), o.policy, o.timeoutMs);
  return permanent(out.httpStatus) ? { ...out, refused: true } : out;
}

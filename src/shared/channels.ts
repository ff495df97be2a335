import { z } from 'zod';
import { pagingQuery } from './paging';
import { textParam } from './params';

/**
 * Channels (issue 19): where incidents are told besides people's e-mail, SMS and push. A channel is a
 * Slack incoming webhook, a Microsoft Teams Workflows webhook, a PagerDuty Events API v2 integration
 * or any webhook that reads Alertmanager's payload. Its secrets (webhook URLs, routing keys, webhook
 * credentials) are write-only: answers show them masked.
 */
export const CHANNEL_TYPES = ['slack', 'msteams', 'pagerduty', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
export type PagerDutySeverity = (typeof PAGERDUTY_SEVERITIES)[number];

export const WEBHOOK_AUTH_TYPES = ['none', 'basic', 'bearer'] as const;

/** What a channel message tells. */
export const CHANNEL_EVENTS = ['TRIGGERED', 'RESOLVED', 'ACKNOWLEDGED', 'TEST'] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

/**
 * Whether a channel of `type` is told `event`. An Alertmanager webhook knows firing and resolved only
 * (Alertmanager has no acknowledged state), so it is not told acknowledgements.
 */
export const channelTakes = (type: ChannelType, event: ChannelEvent): boolean => !(type === 'webhook' && event === 'ACKNOWLEDGED');

const URL_MAX = 2000;

/** An http(s) URL of at most 2000 characters, without credentials in it (webhook auth has its own fields). */
const urlParam = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(URL_MAX, { error: `${field} must be at most ${URL_MAX} characters` })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: `${field} must be an http or https URL without user:password in it` },
    );

const routingKey = z
  .string({ error: 'routing_key must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'routing_key must be a PagerDuty integration key (8-64 letters, digits, - or _)' });

/** The signing secret PagerDuty shows when a v3 webhook subscription is created (it signs what it posts to us). */
const webhookSecret = z
  .string({ error: 'webhook_secret must be text' })
  .trim()
  .regex(/^[\x21-\x7e]{16,200}$/, { error: 'webhook_secret must be the signing secret of a PagerDuty webhook subscription (16-200 characters, no spaces)' });

const choice = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

const secretText = (field: string) => z.string({ error: `${field} must be text` }).min(1, { error: `${field} is required` }).max(1000, { error: `${field} must be at most 1000 characters` });

/** The fields of a channel's create and update, flat so that a form can send them; which apply depends on `type`. */
const channelFields = z.object({
  name: textParam('name', 1, 100),
  type: choice('type', CHANNEL_TYPES),
  /** slack, msteams: the incoming / Workflows webhook URL (a secret). */
  webhook_url: urlParam('webhook_url').optional(),
  /** pagerduty: the Events API v2 integration key (a secret). */
  routing_key: routingKey.optional(),
  /** pagerduty: the severity of triggered events (default critical). */
  severity: choice('severity', PAGERDUTY_SEVERITIES).optional(),
  /** pagerduty: the signing secret of a v3 webhook subscription, so acknowledgements in PagerDuty come back (a secret). */
  webhook_secret: webhookSecret.optional(),
  /** webhook: where the Alertmanager payload is POSTed. */
  url: urlParam('url').optional(),
  /** webhook: none, basic (auth_username + auth_password) or bearer (auth_token). */
  auth_type: choice('auth_type', WEBHOOK_AUTH_TYPES).optional(),
  auth_username: z.string({ error: 'auth_username must be text' }).max(200, { error: 'auth_username must be at most 200 characters' }).optional(),
  auth_password: secretText('auth_password').optional(),
  auth_token: secretText('auth_token').optional(),
});

/** Fields each type takes (others are refused, so a typo never goes unnoticed). */
const TYPE_FIELDS: Record<ChannelType, readonly string[]> = {
  slack: ['webhook_url'],
  msteams: ['webhook_url'],
  pagerduty: ['routing_key', 'severity', 'webhook_secret'],
  webhook: ['url', 'auth_type', 'auth_username', 'auth_password', 'auth_token'],
};
const SETTINGS = ['webhook_url', 'routing_key', 'severity', 'webhook_secret', 'url', 'auth_type', 'auth_username', 'auth_password', 'auth_token'] as const;

type Fields = z.infer<typeof channelFields>;

/** Issues of the fields given for a type: fields of another type; on create, the type's required ones. */
function typeIssues(type: ChannelType, f: Partial<Fields>, creating: boolean, fail: (field: string, message: string) => void) {
  for (const k of SETTINGS) if (f[k] !== undefined && !TYPE_FIELDS[type].includes(k)) fail(k, `${k} does not apply to a ${type} channel`);
  if (!creating) return;
  if ((type === 'slack' || type === 'msteams') && !f.webhook_url) fail('webhook_url', 'webhook_url is required');
  if (type === 'pagerduty' && !f.routing_key) fail('routing_key', 'routing_key is required');
  if (type === 'webhook' && !f.url) fail('url', 'url is required');
  if (type === 'webhook' && f.auth_type === 'basic' && (!f.auth_username || !f.auth_password)) fail('auth_password', 'basic auth needs auth_username and auth_password');
  if (type === 'webhook' && f.auth_type === 'bearer' && !f.auth_token) fail('auth_token', 'bearer auth needs auth_token');
}

/** POST /channels. */
export const channelCreate = channelFields.superRefine((f, ctx) =>
  typeIssues(f.type, f, true, (field, message) => ctx.addIssue({ code: 'custom', message, path: [field] })),
);
export type ChannelCreate = z.output<typeof channelCreate>;

/**
 * PUT /channels/{id}: partial; `type` cannot change. A secret left out keeps the stored one (answers
 * only show it masked); a webhook's credential must be given again when its url changes.
 */
export const channelUpdateFields = channelFields.omit({ type: true }).partial();
export const channelUpdate = channelUpdateFields;
export type ChannelUpdate = z.output<typeof channelUpdate>;

/** Checks an update's fields against the channel's type (the route calls it once the channel is read). */
export function channelUpdateIssues(type: ChannelType, f: ChannelUpdate): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  typeIssues(type, f, false, (field, message) => out.push({ field, message }));
  return out;
}

/** A channel as answered: secrets masked, the password and token never shown. */
export const channelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  webhook_url: z.string().optional().describe('slack, msteams: the webhook URL, masked (write-only)'),
  routing_key: z.string().optional().describe('pagerduty: the integration key, masked (write-only)'),
  severity: z.enum(PAGERDUTY_SEVERITIES).optional(),
  webhook_secret: z.string().optional().describe('pagerduty: the v3 webhook signing secret, masked (write-only); absent when none is set'),
  url: z.string().optional().describe('webhook: the receiver URL, masked (write-only: it may carry a token)'),
  auth_type: z.enum(WEBHOOK_AUTH_TYPES).optional(),
  auth_username: z.string().optional(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type Channel = z.infer<typeof channelItem>;

export const channelListQuery = pagingQuery;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'silenced'] as const;

/** One message to a channel as its delivery log shows it; times are epoch seconds. */
export const channelDeliveryItem = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  alert_id: z.number().int().nullable(),
  alert_history_id: z.number().int().nullable(),
  event: z.enum(CHANNEL_EVENTS),
  state: z.enum(DELIVERY_STATES),
  delivery_id: z.string().describe('Stable across attempts: sent as X-Delivery-Id and Idempotency-Key'),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.number().int().nullable(),
  created: z.number().int(),
  delivered_at: z.number().int().nullable(),
});
export type ChannelDelivery = z.infer<typeof channelDeliveryItem>;

/** A channel message's delivery with each attempt (the answer of .../deliveries/{did}/). */
export const channelDeliveryDetail = channelDeliveryItem.extend({
  attempt_log: z.array(z.object({ attempt: z.number().int(), at: z.number().int(), http_status: z.number().int().nullable(), error: z.string().nullable(), latency_ms: z.number().int() })),
});

export const channelPaths = {
  list: '/api/v5/channels/',
  item: (id: number) => `/api/v5/channels/${id}/`,
  test: (id: number) => `/api/v5/channels/${id}/test/`,
  deliveries: (id: number) => `/api/v5/channels/${id}/deliveries/`,
  delivery: (id: number, did: number) => `/api/v5/channels/${id}/deliveries/${did}/`,
  /** Where a PagerDuty v3 webhook subscription posts (no sign-in: the signature is the credential). */
  pagerdutyWebhook: (id: number) => `/api/v5/channels/${id}/pagerduty_webhook/`,
};

/**
 * A secret as answers show it: a URL keeps its scheme, host and the first characters of its path
 * (`https://hooks.slack.com/services/T0***`), never its query or credentials; a key its first two
 * characters (`R0***`).
 */
export function maskSecret(value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      const path = u.pathname;
      return `${u.protocol}//${u.host}${path.slice(0, Math.min(12, Math.floor(path.length / 3)))}***`;
    }
  } catch {
    /* not a URL: a key */
  }
  return `${value.slice(0, Math.min(2, Math.floor(value.length / 4)))}***`;
}

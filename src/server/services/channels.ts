import { channelUpdateIssues, maskSecret, type Channel, type ChannelCreate, type ChannelDelivery, type ChannelUpdate } from '../../shared/channels';
import type { NetPolicy } from '../alerting/net-policy';
import type { ChannelMessage, ChannelRecord, ChannelSettings, ChannelWrite, WebhookAuth } from '../store/repos/channels';
import type { Store } from '../store/store';
import { invalid } from './errors';
import { checkUrlReachable } from './reachable';

/** A channel as answered: secrets masked, the webhook password and token never shown. */
export function toChannelItem(c: ChannelRecord): Channel {
  const base = { id: c.id, name: c.name, type: c.type, created: c.created, updated: c.updated };
  const s = c.settings;
  switch (s.type) {
    case 'slack':
    case 'msteams':
      return { ...base, webhook_url: maskSecret(s.webhookUrl) };
    case 'pagerduty':
      return { ...base, routing_key: maskSecret(s.routingKey), severity: s.severity, ...(s.webhookSecret ? { webhook_secret: maskSecret(s.webhookSecret) } : {}) };
    case 'webhook':
      return { ...base, url: maskSecret(s.url), auth_type: s.auth?.type ?? 'none', ...(s.auth?.type === 'basic' ? { auth_username: s.auth.username } : {}) };
  }
}

/** A channel message as its delivery log answers it (epoch seconds). */
export const toChannelDelivery = (m: ChannelMessage): ChannelDelivery => ({
  id: m.id,
  channel_id: m.channelId,
  alert_id: m.alertId,
  alert_history_id: m.historyId,
  event: m.event,
  state: m.state,
  delivery_id: m.deliveryId,
  attempts: m.attempts,
  last_status: m.lastStatus,
  last_error: m.lastError,
  last_latency_ms: m.lastLatencyMs,
  created: Math.floor(m.created / 1000),
  delivered_at: m.deliveredAt === null ? null : Math.floor(m.deliveredAt / 1000),
});

function webhookAuth(f: Pick<ChannelUpdate, 'auth_type' | 'auth_username' | 'auth_password' | 'auth_token'>, before: WebhookAuth | null, urlChanged: boolean): WebhookAuth | null {
  const type = f.auth_type ?? before?.type ?? 'none';
  if (type === 'none') return null;
  // A stored credential stays with its receiver: given again when the url changes, never carried over.
  const keep = before?.type === type && !urlChanged ? before : null;
  if (type === 'basic') {
    const username = f.auth_username ?? (keep?.type === 'basic' ? keep.username : undefined);
    const password = f.auth_password ?? (keep?.type === 'basic' ? keep.password : undefined);
    if (!username) throw invalid('basic auth needs auth_username', 'auth_username');
    if (!password) throw invalid(urlChanged && before ? 'auth_password must be given again when url changes' : 'basic auth needs auth_password', 'auth_password');
    return { type, username, password };
  }
  const token = f.auth_token ?? (keep?.type === 'bearer' ? keep.token : undefined);
  if (!token) throw invalid(urlChanged && before ? 'auth_token must be given again when url changes' : 'bearer auth needs auth_token', 'auth_token');
  return { type, token };
}

/** The settings a create writes (the schema checked which fields the type needs). */
export function createSettings(f: ChannelCreate): ChannelSettings {
  switch (f.type) {
    case 'slack':
    case 'msteams':
      return { type: f.type, webhookUrl: f.webhook_url! };
    case 'pagerduty':
      return { type: 'pagerduty', routingKey: f.routing_key!, severity: f.severity ?? 'critical', ...(f.webhook_secret ? { webhookSecret: f.webhook_secret } : {}) };
    case 'webhook':
      return { type: 'webhook', url: f.url!, auth: webhookAuth(f, null, false) };
  }
}

/** The settings an update writes: given fields replace, secrets left out keep the stored ones. */
export function updateSettings(s: ChannelSettings, f: ChannelUpdate): ChannelSettings {
  const issue = channelUpdateIssues(s.type, f)[0];
  if (issue) throw invalid(issue.message, issue.field);
  switch (s.type) {
    case 'slack':
    case 'msteams':
      return { type: s.type, webhookUrl: f.webhook_url ?? s.webhookUrl };
    case 'pagerduty': {
      const webhookSecret = f.webhook_secret ?? s.webhookSecret;
      return { type: 'pagerduty', routingKey: f.routing_key ?? s.routingKey, severity: f.severity ?? s.severity, ...(webhookSecret ? { webhookSecret } : {}) };
    }
    case 'webhook': {
      const url = f.url ?? s.url;
      return { type: 'webhook', url, auth: webhookAuth(f, s.auth, url !== s.url) };
    }
  }
}

const urlOf = (s: ChannelSettings): { field: string; url: string } | null =>
  s.type === 'slack' || s.type === 'msteams' ? { field: 'webhook_url', url: s.webhookUrl } : s.type === 'webhook' ? { field: 'url', url: s.url } : null;

/**
 * Refuses a URL the network policy would never let a message reach (loopback, link-local, metadata,
 * denied networks): an address in it, or every address its host resolves to now. A host that does not
 * resolve yet is accepted; each send checks the address it connects to again.
 */
export async function checkReachable(s: ChannelSettings, policy: NetPolicy): Promise<void> {
  const u = urlOf(s);
  if (u) await checkUrlReachable(u.url, u.field, policy);
}

export async function createChannel(store: Store, accountId: number, f: ChannelCreate, policy: NetPolicy, now: number): Promise<ChannelRecord> {
  const settings = createSettings(f);
  await checkReachable(settings, policy);
  return store.channels.create(accountId, { name: f.name, settings }, now);
}

export async function updateChannel(store: Store, c: ChannelRecord, f: ChannelUpdate, policy: NetPolicy, now: number): Promise<ChannelRecord | null> {
  const w: ChannelWrite = { name: f.name ?? c.name, settings: updateSettings(c.settings, f) };
  await checkReachable(w.settings, policy);
  return store.channels.update(c.accountId, c.id, w, now);
}

/** Checks that every channel id is one of the account's (an alert's `channels`); another account's reads as missing. */
export async function checkChannels(store: Store, accountId: number, ids: readonly number[]): Promise<void> {
  const missing = await store.channels.missing(accountId, ids);
  if (missing.length) throw invalid(`channels: no channel with id ${missing.join(', ')}`, 'channels');
}

import type { Channel, ChannelType, PagerDutySeverity } from '../../../shared/channels';
import { channelCreate, channelUpdate } from '../../../shared/channels';
import type { ChannelCreateInput, ChannelUpdateInput } from '../../api/channels';

/** The form's values. Secret fields start empty: a stored secret is shown masked beside them and kept unless retyped. */
export interface ChannelFormValues {
  name: string;
  type: ChannelType;
  webhookUrl: string;
  routingKey: string;
  severity: PagerDutySeverity;
  /** pagerduty: the signing secret of a v3 webhook subscription (acknowledgements in PagerDuty come back). */
  webhookSecret: string;
  url: string;
  authType: 'none' | 'basic' | 'bearer';
  authUsername: string;
  authPassword: string;
  authToken: string;
  /** The masked secrets of a stored channel, shown as hints ("stored: https://hooks.slack.com/services/T0***"). */
  stored: { webhookUrl?: string; routingKey?: string; webhookSecret?: string; url?: string };
}

export function channelFormOf(c: Channel | undefined): ChannelFormValues {
  return {
    name: c?.name ?? '',
    type: c?.type ?? 'slack',
    webhookUrl: '',
    routingKey: '',
    severity: c?.severity ?? 'critical',
    webhookSecret: '',
    url: '',
    authType: c?.auth_type ?? 'none',
    authUsername: c?.auth_username ?? '',
    authPassword: '',
    authToken: '',
    stored: { webhookUrl: c?.webhook_url, routingKey: c?.routing_key, webhookSecret: c?.webhook_secret, url: c?.url },
  };
}

const given = (s: string) => (s.trim() === '' ? undefined : s.trim());

/**
 * What a save sends: the type's fields only; on an edit, empty secret fields are left out so the
 * service keeps what it has, and the type (fixed after creation) is not sent.
 */
export function channelInputOf(v: ChannelFormValues, _initial: ChannelFormValues, creating: boolean): ChannelCreateInput | ChannelUpdateInput {
  const common = { name: v.name.trim() };
  let fields: Record<string, string | undefined>;
  if (v.type === 'slack' || v.type === 'msteams') fields = { webhook_url: given(v.webhookUrl) };
  else if (v.type === 'pagerduty') fields = { routing_key: given(v.routingKey), severity: v.severity, webhook_secret: given(v.webhookSecret) };
  else {
    fields = { url: given(v.url), auth_type: v.authType };
    if (v.authType === 'basic') Object.assign(fields, { auth_username: given(v.authUsername), auth_password: v.authPassword || undefined });
    if (v.authType === 'bearer') Object.assign(fields, { auth_token: v.authToken || undefined });
  }
  const defined = Object.fromEntries(Object.entries(fields).filter(([, x]) => x !== undefined));
  return creating ? { ...common, type: v.type, ...defined } : { ...common, ...defined };
}

export const channelFormSchema = (creating: boolean) => (creating ? channelCreate : channelUpdate);

export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = { slack: 'Slack', msteams: 'Microsoft Teams', pagerduty: 'PagerDuty', webhook: 'Webhook (Alertmanager format)' };

/** Where a channel sends, as the list shows it (masked as answered). */
export const channelTarget = (c: Channel) => c.webhook_url ?? c.routing_key ?? c.url ?? '';

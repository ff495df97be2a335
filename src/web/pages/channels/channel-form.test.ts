import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../shared/channels';
import { channelFormOf, channelInputOf } from './channel-form';

const stored: Channel = { id: 3, name: 'ops', type: 'webhook', url: 'https://am.example.com/***', auth_type: 'basic', auth_username: 'fw', created: 1, updated: 1 };

describe('channel form', () => {
  it('sends the type and its fields on create, nothing of other types', () => {
    const v = { ...channelFormOf(undefined), name: ' ops ', type: 'pagerduty' as const, routingKey: 'R0abc12345', webhookUrl: 'https://x.example.com/' };
    expect(channelInputOf(v, v, true)).toEqual({ name: 'ops', type: 'pagerduty', routing_key: 'R0abc12345', severity: 'critical' });
  });

  it('leaves untouched secrets out of an edit, so the service keeps them, and never sends the type', () => {
    const v = channelFormOf(stored);
    expect(v.url).toBe('');
    expect(v.stored.url).toBe('https://am.example.com/***');
    expect(channelInputOf({ ...v, name: 'ops-2' }, v, false)).toEqual({ name: 'ops-2', auth_type: 'basic', auth_username: 'fw' });
    expect(channelInputOf({ ...v, authPassword: 'new' }, v, false)).toEqual({ name: 'ops', auth_type: 'basic', auth_username: 'fw', auth_password: 'new' });
  });

  it('sends a PagerDuty webhook secret only when typed, and shows the stored one masked', () => {
    const pd: Channel = { id: 4, name: 'pager', type: 'pagerduty', routing_key: 'R0***', severity: 'critical', webhook_secret: 'wh***', created: 1, updated: 1 };
    const v = channelFormOf(pd);
    expect(v.webhookSecret).toBe('');
    expect(v.stored.webhookSecret).toBe('wh***');
    expect(channelInputOf(v, v, false)).toEqual({ name: 'pager', severity: 'critical' });
    expect(channelInputOf({ ...v, webhookSecret: ' whsec_new_secret_value_12 ' }, v, false)).toEqual({ name: 'pager', severity: 'critical', webhook_secret: 'whsec_new_secret_value_12' });
  });
});

import type { Channel } from '../../../shared/channels';
import { CHANNEL_TYPES, PAGERDUTY_SEVERITIES } from '../../../shared/channels';
import { useChannels, useDeleteChannel, useSaveChannel, type ChannelCreateInput, type ChannelUpdateInput } from '../../api/channels';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { ChoiceField } from '../../components/forms/form-fields';
import { TextField } from '../../components/ui/field';
import { ChannelActions } from './channel-actions';
import { CHANNEL_TYPE_LABELS, channelFormOf, channelFormSchema, channelInputOf, channelTarget, type ChannelFormValues } from './channel-form';

/** A secret's field: empty unless retyped; the stored value shows masked in the hint and is kept when left empty. */
function SecretField({ label, value, stored, onChange, error, type = 'text' }: { label: string; value: string; stored?: string; onChange: (v: string) => void; error?: string; type?: 'text' | 'password' }) {
  return (
    <TextField
      label={label}
      type={type}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={stored ? `Stored: ${stored}. Leave empty to keep it.` : undefined}
    />
  );
}

/** The name, the type (fixed once created) and the type's settings. */
function ChannelFields({ value: v, set, errors, creating }: FieldsProps<ChannelFormValues, undefined>) {
  return (
    <div className="grid max-w-xl gap-3">
      <TextField label="Name" value={v.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      <ChoiceField label="Type" value={v.type} disabled={!creating} onChange={(e) => set({ type: e.target.value as ChannelFormValues['type'] })} error={errors.type}>
        {CHANNEL_TYPES.map((t) => (
          <option key={t} value={t}>
            {CHANNEL_TYPE_LABELS[t]}
          </option>
        ))}
      </ChoiceField>
      {(v.type === 'slack' || v.type === 'msteams') && (
        <SecretField label={v.type === 'slack' ? 'Incoming webhook URL' : 'Workflows webhook URL'} value={v.webhookUrl} stored={v.stored.webhookUrl} onChange={(webhookUrl) => set({ webhookUrl })} error={errors.webhook_url} />
      )}
      {v.type === 'pagerduty' && (
        <>
          <SecretField label="Integration key (routing key)" value={v.routingKey} stored={v.stored.routingKey} onChange={(routingKey) => set({ routingKey })} error={errors.routing_key} />
          <ChoiceField label="Severity" value={v.severity} onChange={(e) => set({ severity: e.target.value as ChannelFormValues['severity'] })} error={errors.severity}>
            {PAGERDUTY_SEVERITIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </ChoiceField>
          <SecretField
            label="Webhook signing secret (optional: acknowledgements made in PagerDuty come back)"
            type="password"
            value={v.webhookSecret}
            stored={v.stored.webhookSecret}
            onChange={(webhookSecret) => set({ webhookSecret })}
            error={errors.webhook_secret}
          />
        </>
      )}
      {v.type === 'webhook' && (
        <>
          <SecretField label="URL" value={v.url} stored={v.stored.url} onChange={(url) => set({ url })} error={errors.url} />
          <ChoiceField label="Authentication" value={v.authType} onChange={(e) => set({ authType: e.target.value as ChannelFormValues['authType'] })} error={errors.auth_type}>
            <option value="none">None</option>
            <option value="basic">Basic</option>
            <option value="bearer">Bearer token</option>
          </ChoiceField>
          {v.authType === 'basic' && (
            <>
              <TextField label="Username" value={v.authUsername} onChange={(e) => set({ authUsername: e.target.value })} error={errors.auth_username} />
              <SecretField label="Password" type="password" value={v.authPassword} stored={creating ? undefined : 'set'} onChange={(authPassword) => set({ authPassword })} error={errors.auth_password} />
            </>
          )}
          {v.authType === 'bearer' && <SecretField label="Token" type="password" value={v.authToken} stored={creating ? undefined : 'set'} onChange={(authToken) => set({ authToken })} error={errors.auth_token} />}
        </>
      )}
    </div>
  );
}

/** Channels: Slack, Teams, PagerDuty and webhooks that alerts tell of their incidents. Managers and the owner edit them. */
export const channelResource = editable<Channel, ChannelFormValues, ChannelCreateInput | ChannelUpdateInput>({
  permission: 'channels.write',
  labels: {
    title: 'Channels',
    loading: 'channels',
    empty: 'No channels yet.',
    add: 'New channel',
    addTitle: 'New channel',
    editTitle: (c) => `Edit channel ${c.name}`,
    save: (creating) => (creating ? 'Create channel' : 'Save channel'),
    edit: (c) => `Edit channel ${c.name}`,
    delete: (c) => `Delete channel ${c.name}`,
    confirm: (c) => ({ question: `Delete the channel "${c.name}"?`, detail: 'Alerts that name it stop telling it; messages not yet sent are dropped.' }),
  },
  useList: useChannels,
  useSave: useSaveChannel,
  useDelete: useDeleteChannel,
  columns: [
    { header: 'Name', cell: (c) => c.name, text: (c) => c.name, className: 'min-w-32' },
    { header: 'Type', cell: (c) => CHANNEL_TYPE_LABELS[c.type], text: (c) => c.type, className: 'min-w-28' },
    { header: 'Sends to', cell: (c) => <span className="font-mono text-xs break-all">{channelTarget(c)}</span>, text: channelTarget, className: 'min-w-48' },
  ],
  RowActions: ChannelActions,
  toForm: channelFormOf,
  toInput: channelInputOf,
  schema: channelFormSchema,
  Fields: ChannelFields,
});

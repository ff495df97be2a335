import { useChannels } from '../../api/channels';
import { NamedPicker } from '../../components/forms/named-picker';

const TYPE = { slack: 'Slack', msteams: 'Teams', pagerduty: 'PagerDuty', webhook: 'Webhook' } as const;

/** The channels (Slack, Teams, PagerDuty, webhooks) told of the alert's incidents, picked by name. */
export function AlertChannelsPicker({ value, onChange, error }: { value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const channels = useChannels().data ?? [];
  const items = channels.map((c) => ({ id: c.id, name: `${c.name} (${TYPE[c.type]})` }));
  return <NamedPicker legend="Channels" noun="channels" items={items} selected={value} onChange={onChange} error={error} />;
}

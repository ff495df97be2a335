import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Channel, ChannelDelivery } from '../../../shared/channels';
import { channelQueries, useTestChannel } from '../../api/channels';
import { Button } from '../../components/ui/button';

const OUTCOME: Record<ChannelDelivery['state'], string> = { pending: 'Sending…', delivered: 'Delivered', failed: 'Failed', silenced: 'Silenced' };

/** The outcome of one test message, polled until it is no longer pending. */
function TestOutcome({ channelId, deliveryId }: { channelId: number; deliveryId: number }) {
  const d = useQuery(channelQueries.delivery(channelId, deliveryId)).data;
  if (!d) return <span role="status">Queued…</span>;
  const detail = d.state === 'failed' ? `: ${d.last_error ?? `HTTP ${d.last_status ?? '?'}`}` : d.state === 'delivered' && d.last_status ? ` (HTTP ${d.last_status})` : '';
  return (
    <span role="status" className={d.state === 'failed' ? 'text-red-700 dark:text-red-400' : undefined}>
      Test {OUTCOME[d.state].toLowerCase()}
      {detail}
    </span>
  );
}

const when = (t: number) => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** The channel's newest deliveries (what was sent, how it went); text only, errors as the receiver said them. */
function DeliveryLog({ channel }: { channel: Channel }) {
  const log = useQuery(channelQueries.deliveries(channel.id)).data;
  if (!log) return <p className="text-sm">Loading deliveries…</p>;
  if (log.data.length === 0) return <p className="text-sm">Nothing sent to {channel.name} yet.</p>;
  return (
    <table className="mt-1 text-xs">
      <caption className="sr-only">Deliveries of {channel.name}</caption>
      <thead>
        <tr>
          <th className="pr-2 text-left">Queued (UTC)</th>
          <th className="pr-2 text-left">Event</th>
          <th className="pr-2 text-left">Outcome</th>
          <th className="pr-2 text-left">Attempts</th>
          <th className="text-left">Last error</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id}>
            <td className="pr-2 whitespace-nowrap">{when(d.created)}</td>
            <td className="pr-2">{d.event}{d.alert_history_id !== null ? ` #${d.alert_history_id}` : ''}</td>
            <td className="pr-2">{OUTCOME[d.state]}</td>
            <td className="pr-2">{d.attempts}</td>
            <td>{d.last_error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row's extra actions: send a test message (writers) and show the delivery log (everyone). */
export function ChannelActions({ row, writer }: { row: Channel; writer: boolean }) {
  const test = useTestChannel(row.id);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {writer && (
          <Button aria-label={`Send test to ${row.name}`} disabled={test.isPending} onClick={() => test.mutate()}>
            Send test
          </Button>
        )}
        <Button aria-expanded={open} aria-label={`Deliveries of ${row.name}`} onClick={() => setOpen((o) => !o)}>
          Deliveries
        </Button>
        {test.data && <TestOutcome channelId={row.id} deliveryId={test.data.id} />}
        {test.error && <span role="alert">{test.error.message}</span>}
      </div>
      {open && <DeliveryLog channel={row} />}
    </div>
  );
}

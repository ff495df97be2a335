import { useAlertDeliveries, useRedeliver, useTestCallback } from '../../api/alerts';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';

/** The callback delivery log of an alert: every attempt's state, with redeliver and a test callback. */
export function DeliveryLog({ alertId, hasSubscribers }: { alertId: number; hasSubscribers: boolean }) {
  const deliveries = useAlertDeliveries(alertId);
  const redeliver = useRedeliver(alertId);
  const test = useTestCallback(alertId);
  return (
    <Panel
      title="Callback deliveries"
      actions={
        <Button onClick={() => test.mutate()} disabled={!hasSubscribers || test.isPending} title={hasSubscribers ? undefined : 'Add a subscriber first'}>
          {test.isPending ? 'Sending…' : 'Send test callback'}
        </Button>
      }
    >
      {test.error && <ErrorBox error={test.error} retry={false} />}
      {test.isSuccess && <p role="status" className="mb-2 text-sm text-green-700 dark:text-green-400">Test callback queued for {test.data.data.length} subscriber(s).</p>}
      {redeliver.error && <ErrorBox error={redeliver.error} retry={false} />}
      {deliveries.isPending && <Loading what="deliveries" />}
      {deliveries.error && <ErrorBox error={deliveries.error} />}
      {deliveries.data?.length === 0 && <Empty>No callbacks sent yet.</Empty>}
      {!!deliveries.data?.length && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Created', 'Event', 'URL', 'State', 'Attempts', 'Last answer', ''].map((h, i) => (
                <th key={i} scope="col" className="py-1 pr-2">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((d) => (
              <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-2">{formatTime(d.created)}</td>
                <td className="py-1 pr-2">{d.status}</td>
                <td className="max-w-xs truncate py-1 pr-2" title={d.url}>
                  {d.method.toUpperCase()} {d.url}
                </td>
                <td className="py-1 pr-2">{d.state}</td>
                <td className="py-1 pr-2">{d.attempts}</td>
                <td className="py-1 pr-2">
                  {d.last_status ?? d.last_error ?? '–'}
                  {d.last_latency_ms !== null && <span className="text-xs text-slate-600 dark:text-slate-400"> ({Math.round(d.last_latency_ms)} ms)</span>}
                </td>
                <td className="py-1 text-right">
                  <Button variant="ghost" onClick={() => redeliver.mutate(d.id)} disabled={redeliver.isPending} aria-label={`Redeliver delivery ${d.id}`}>
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

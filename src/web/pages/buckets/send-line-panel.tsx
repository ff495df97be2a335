import { useSendBucketLines } from '../../api/buckets';
import { StatsdLineForm } from '../../components/forms/statsd-line-form';
import { Panel } from '../../components/ui/status';

/** Sends a StatsD line through POST /buckets/ (the registry shows it above the bucket list). */
export default function SendLinePanel({ initial }: { initial?: string }) {
  const send = useSendBucketLines();
  return (
    <Panel title="Send a StatsD line">
      <StatsdLineForm initial={initial} pending={send.isPending} error={send.error?.message} onSubmit={(line) => send.mutate([line])} />
      {send.isSuccess && <p role="status" className="mt-1 text-xs text-green-700 dark:text-green-400">Sent. New values appear within a minute.</p>}
    </Panel>
  );
}

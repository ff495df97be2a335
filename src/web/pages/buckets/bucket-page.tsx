import { useParams } from 'react-router';
import { useBucket, useBucketData } from '../../api/buckets';
import { useTimeView } from '../../app/use-time-view';
import TimeChart from '../../components/charts/time-chart';
import { scalarRows } from '../../components/charts/record-series';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import SendLinePanel from './send-line-panel';

const SUFFIX: Record<string, string> = { counter: 'c', gauge: 'g', time: 'ms', set: 's' };

/** A StatsD bucket: its per-minute values and a form to send it a line. */
export default function BucketPage() {
  const id = Number(useParams().id);
  const { window } = useTimeView();
  const bucket = useBucket(id);
  const data = useBucketData(id, window);
  const b = bucket.data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">
        {b?.name ?? `Bucket #${id}`} {b && <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{b.type}</span>}
      </h1>
      {bucket.error && <ErrorBox error={bucket.error} />}
      {b?.last_updated && <p className="text-sm">Last updated {formatTime(b.last_updated)} UTC</p>}
      <Panel title="Values per minute">
        {data.isPending && <Loading what="values" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <TimeChart title={`${b?.name ?? 'bucket'} values`} rows={scalarRows(data.data, ['value'])} series={[{ key: 'value', label: 'Value' }]} unit={b?.type === 'time' ? 'ms' : 'number'} range={window} />}
      </Panel>
      {b && <SendLinePanel initial={`${b.name}:1|${SUFFIX[b.type] ?? 'c'}`} />}
    </div>
  );
}

import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePolledData, usePolledItem } from '../../api/polled-data';
import { paths } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { ChartSyncProvider } from '../../components/charts/chart-sync';
import TimeChart from '../../components/charts/time-chart';
import { useMaintenanceBands } from '../../components/charts/use-maintenance-bands';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { StatusTimeline } from './status-timeline';
import { polledUnit, statusSegments, valueCharts } from './to-series';

/** A polled check: its status over time and each value against its warn and crit lines. */
export default function PolledItemPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const { window } = useTimeView();
  const item = usePolledItem(id);
  const data = usePolledData(id, window);
  const segments = useMemo(() => statusSegments(data.data ?? []), [data.data]);
  const charts = useMemo(() => valueCharts(data.data ?? []), [data.data]);
  const bands = useMaintenanceBands(window, item.data ? [item.data.server_id] : []);
  const latest = data.data?.reduce<(typeof data.data)[number] | null>((a, r) => (!a || r.time > a.time ? r : a), null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">{item.data?.name ?? `Check #${id}`}</h1>
        {item.data && (
          <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.server(item.data.server_id), search: params.toString() }}>
            {item.data.server_hostname ?? `server ${item.data.server_id}`}
          </Link>
        )}
        {item.data?.command_line && <code className="text-xs">{item.data.command_line}</code>}
      </div>
      {item.error && <ErrorBox error={item.error} />}
      <Panel title="Status">
        {data.isPending && <Loading what="polled data" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <StatusTimeline segments={segments} range={window} />}
        {latest && (
          <p className="mt-2 text-sm">
            Latest ({formatTime(latest.time)} UTC): <strong>{latest.status ?? 'UNKNOWN'}</strong> {latest.text}
          </p>
        )}
      </Panel>
      <ChartSyncProvider>
        <div className="grid gap-3 lg:grid-cols-2">
          {charts.map((c) => (
            <Panel key={c.name} title={`${c.name}${c.unit && c.unit !== 'd' ? ` (${c.unit})` : ''}`}>
              <TimeChart
                title={`${c.name} against its thresholds`}
                rows={c.rows}
                series={[{ key: 'value', label: c.name }]}
                unit={polledUnit(c.unit)}
                range={window}
                bands={bands}
                thresholds={[
                  ...(c.warn !== undefined ? [{ value: c.warn, label: `warn ${c.warn}`, color: '#d97706' }] : []),
                  ...(c.crit !== undefined ? [{ value: c.crit, label: `crit ${c.crit}`, color: '#dc2626' }] : []),
                ]}
              />
            </Panel>
          ))}
        </div>
      </ChartSyncProvider>
    </div>
  );
}

import type { BacktestAnswer } from '../../../shared/alert-backtest';
import { useServerData } from '../../api/server-data';
import { scalarRows } from '../../components/charts/record-series';
import TimeChart, { type Unit } from '../../components/charts/time-chart';
import { incidentBands } from './backtest-summary';

/** The server field a Server trigger watches, charted under the backtest. */
const FIELD_OF: Record<string, { key: string; label: string; unit: Unit }> = {
  CPU: { key: 'cpu', label: 'CPU %', unit: 'percent' },
  Memory: { key: 'memory', label: 'Memory', unit: 'bytes' },
  Disk: { key: 'disk_percent', label: 'Disk %', unit: 'percent' },
  Threads: { key: 'thread_num', label: 'Threads', unit: 'count' },
  Processes: { key: 'process_num', label: 'Processes', unit: 'count' },
  'Page Faults': { key: 'page_faults', label: 'Page faults', unit: 'count' },
  'Average Response Time': { key: 'avg_response_time', label: 'Avg response', unit: 'us' },
};

/** The watched metric of a Server alert's server over the backtest window, with the would-be incidents shaded. */
export function BacktestChart({ serverId, trigger, result }: { serverId: number; trigger: string; result: BacktestAnswer }) {
  const field = FIELD_OF[trigger];
  const data = useServerData(serverId, { from: result.start, to: result.end, step: 'Hour' });
  if (!field || !data.data) return null;
  return (
    <TimeChart
      title={`${field.label} (hourly) with the incidents it would have had`}
      rows={scalarRows(data.data, [field.key])}
      series={[{ key: field.key, label: field.label }]}
      unit={field.unit}
      range={{ from: result.start, to: result.end }}
      bands={incidentBands(result)}
      onZoom={() => undefined}
      height={140}
    />
  );
}

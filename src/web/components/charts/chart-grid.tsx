import { useMemo } from 'react';
import type { Band, Marker } from './chart-marks';
import { ChartSyncProvider } from './chart-sync';
import { chartData, type ChartSpec } from './record-series';
import TimeChart from './time-chart';

/** A grid of the charts of `specs` over the same records, sharing one crosshair; charts whose fields are absent are left out. */
export function ChartGrid({
  records,
  specs,
  range,
  bands,
  markers,
  at = null,
  onPickMinute,
}: {
  records: readonly ({ time: number } & Record<string, unknown>)[];
  specs: ChartSpec[];
  range: { from: number; to: number };
  bands?: Band[];
  markers?: Marker[];
  /** The chosen minute, marked on every chart. */
  at?: number | null;
  onPickMinute?: (t: number) => void;
}) {
  const charts = useMemo(() => specs.flatMap((spec) => {
    const d = chartData(records, spec);
    return d ? [{ spec, ...d }] : [];
  }), [records, specs]);
  if (charts.length === 0) return <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No data in this range.</p>;
  return (
    <ChartSyncProvider>
      <div className="grid gap-3 lg:grid-cols-2">
        {charts.map(({ spec, rows, series }) => (
          <div key={spec.title} className="min-w-0 rounded border border-slate-200 p-2 dark:border-slate-800">
            <TimeChart title={spec.title} rows={rows} series={series} unit={spec.unit} range={range} bands={bands} markers={markers} at={at} onPickMinute={onPickMinute} />
          </div>
        ))}
      </div>
    </ChartSyncProvider>
  );
}

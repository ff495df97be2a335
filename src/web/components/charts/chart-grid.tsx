import { useMemo } from 'react';
import type { Band, Marker } from './chart-marks';
import { ChartSyncProvider } from './chart-sync';
import type { OverlayControl } from './chart-toolbar';
import { chartData, rowsLike, type ChartSpec } from './record-series';
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
  previous,
}: {
  records: readonly ({ time: number } & Record<string, unknown>)[];
  specs: ChartSpec[];
  range: { from: number; to: number };
  bands?: Band[];
  markers?: Marker[];
  /** The chosen minute, marked on every chart. */
  at?: number | null;
  onPickMinute?: (t: number) => void;
  /** The previous-period switch and, once read, the previous period's records. */
  previous?: OverlayControl & { records?: readonly ({ time: number } & Record<string, unknown>)[] };
}) {
  const charts = useMemo(() => specs.flatMap((spec) => {
    const d = chartData(records, spec);
    return d ? [{ spec, ...d }] : [];
  }), [records, specs]);
  const prevRecords = previous?.period ? previous.records : undefined;
  const prevRows = useMemo(() => charts.map(({ spec, series }) => (prevRecords ? rowsLike(prevRecords, spec, series) : undefined)), [charts, prevRecords]);
  if (charts.length === 0) return <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No data in this range.</p>;
  return (
    <ChartSyncProvider>
      <div className="grid gap-3 lg:grid-cols-2">
        {charts.map(({ spec, rows, series }, i) => (
          <div key={spec.title} className="min-w-0 rounded border border-slate-200 p-2 dark:border-slate-800">
            <TimeChart title={spec.title} rows={rows} series={series} unit={spec.unit} range={range} bands={bands} markers={markers} at={at} onPickMinute={onPickMinute} overlay={previous && { period: previous.period, onChange: previous.onChange, rows: prevRows[i] }} />
          </div>
        ))}
      </div>
    </ChartSyncProvider>
  );
}

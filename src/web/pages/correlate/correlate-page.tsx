import { useMemo } from 'react';
import { usePreviousPeriodParam } from '../../app/use-previous-period';
import { useTimeView } from '../../app/use-time-view';
import { ChartSyncProvider } from '../../components/charts/chart-sync';
import { seriesColor, useDarkMode } from '../../components/charts/palette';
import { previousWindow } from '../../components/charts/previous-period';
import TimeChart from '../../components/charts/time-chart';
import { Button } from '../../components/ui/button';
import { ErrorBox, ErrorPanel, Loading, Panel } from '../../components/ui/status';
import { fieldInfo } from './catalog';
import { seriesLabel } from './labels';
import { addSeries, MAX_SERIES, refKey } from './selection';
import { SeriesPicker } from './series-picker';
import { toPanels } from './to-panels';
import { useCorrelateSeries } from './use-correlate-series';
import { useSelectionParam } from './use-selection-param';
import { useSourceNames } from './use-source-names';

/**
 * Any series of any server on one time axis: one chart per unit (each with its own axis), one
 * crosshair over all of them, drag to zoom the range. The selection lives in the URL (`series`).
 */
export default function CorrelatePage() {
  const { decoded, setItems } = useSelectionParam();
  const items = useMemo(() => (decoded.ok ? decoded.items : []), [decoded]);
  const { window } = useTimeView();
  const { period, setPeriod } = usePreviousPeriodParam();
  const names = useSourceNames();
  const dark = useDarkMode();
  const now = useCorrelateSeries(items, window);
  const before = useCorrelateSeries(items, previousWindow(window, period ?? 'day'), period !== null);
  const labels = useMemo(() => items.map((r) => seriesLabel(r, names)), [items, names]);
  const panels = useMemo(
    () => toPanels(items.map((r, i) => ({ label: labels[i]!, unit: fieldInfo(r.kind, r.field).unit, points: now.points[i] ?? [] }))),
    [items, labels, now.points],
  );
  const previousPanels = useMemo(
    () => (period ? toPanels(items.map((r, i) => ({ label: labels[i]!, unit: fieldInfo(r.kind, r.field).unit, points: before.points[i] ?? [] }))) : []),
    [period, items, labels, before.points],
  );

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Correlate</h1>
      {!decoded.ok && (
        <ErrorPanel
          message={
            <>
              This link's series could not be read. {decoded.message}{' '}
              <button type="button" className="underline" onClick={() => setItems([])}>
                Start an empty view
              </button>
            </>
          }
        />
      )}
      <Panel title="Series">
        <SeriesPicker window={window} full={items.length >= MAX_SERIES} onAdd={(r) => setItems(addSeries(items, r))} />
        {items.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Chosen series">
            {items.map((r, i) => (
              <li key={refKey(r)} className="flex items-center gap-1 rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600">
                <span aria-hidden className="inline-block h-2 w-3 rounded-sm" style={{ background: seriesColor(i, dark) }} />
                {labels[i]}
                <Button className="ml-1 px-1 py-0 text-xs" aria-label={`Remove ${labels[i]}`} onClick={() => setItems(items.filter((_, j) => j !== i))}>
                  ✕
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {items.length === 0 && decoded.ok && <p className="text-sm text-slate-600 dark:text-slate-400">Add series above: they are drawn on one time axis, one chart per unit, and the link keeps them.</p>}
      {now.errors.length > 0 && <ErrorBox error={now.errors[0]} retry={now.retry} />}
      {items.length > 0 && now.pending && <Loading what="series" />}
      {items.length > 0 && !now.pending && (
        <ChartSyncProvider>
          <div className="space-y-3">
            {panels.map((p) => (
              <div key={p.unit} className="min-w-0 rounded border border-slate-200 p-2 dark:border-slate-800">
                <TimeChart
                  title={p.title}
                  rows={p.rows}
                  series={p.series}
                  unit={p.unit}
                  range={window}
                  height={p.series.length > 6 ? 240 : 180}
                  overlay={{ period, onChange: setPeriod, rows: previousPanels.find((q) => q.unit === p.unit)?.rows }}
                />
              </div>
            ))}
          </div>
        </ChartSyncProvider>
      )}
    </div>
  );
}

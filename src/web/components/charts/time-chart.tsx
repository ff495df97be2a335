import { useCallback, useMemo, useState } from 'react';
import { useTimeView } from '../../app/use-time-view';
import { formatTime } from '../../lib/format';
import { TIME_STEPS } from '../../../shared/timeseries';
import type { Band, Marker } from './chart-marks';
import { ChartBody, MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH, type Series } from './chart-body';
import { isolate, type Range } from './chart-geometry';
import { ChartLegend } from './chart-legend';
import { ChartOverlay } from './chart-overlay';
import { ChartToolbar, type OverlayControl } from './chart-toolbar';
import { useChartSync } from './chart-sync';
import { m4, type ChartRow } from './downsample';
import { useDarkMode } from './palette';
import { alignPrevious, previousKey } from './previous-period';
import { valueTicks } from './ticks';
import type { Unit } from './units';
import { useWidth } from './use-width';

export type { Unit } from './units';
export type { Series } from './chart-body';

export interface TimeChartProps {
  title: string;
  rows: ChartRow[];
  series: Series[];
  unit: Unit;
  range: { from: number; to: number };
  bands?: Band[];
  markers?: Marker[];
  /** Horizontal lines such as warn and crit thresholds. */
  thresholds?: { value: number; label: string; color: string }[];
  /** The chosen minute, marked with a line. */
  at?: number | null;
  /** Called with the minute a person clicked, tapped or chose with Enter. */
  onPickMinute?: (t: number) => void;
  /** Called with a dragged range; by default it becomes the global range (a new history entry, so Back returns). */
  onZoom?: (r: Range) => void;
  height?: number;
  /** The previous-period switch and the previous period's rows (as read, not yet moved); no switch without it. */
  overlay?: OverlayControl & { rows?: readonly ChartRow[] };
}

const TWIN_LABEL = { day: 'day before', week: 'week before' } as const;

const PLOT_LEFT = Y_AXIS_WIDTH + MARGIN.left;

/**
 * A time-series line chart of the dashboard: rows thinned to the pixel width (M4) before Recharts
 * sees them, y ticks in the unit people read, a legend that isolates a series, the page's shared
 * crosshair, drag to zoom, and the minute picked by pointer, touch or keyboard.
 */
export default function TimeChart({ title, rows: ownRows, series: ownSeries, unit, range, bands = [], markers = [], thresholds = [], at = null, onPickMinute, onZoom, height = 180, overlay }: TimeChartProps) {
  const [ref, measured] = useWidth<HTMLDivElement>();
  const width = measured ?? 0;
  const dark = useDarkMode();
  const sync = useChartSync();
  const { view, window, setView } = useTimeView();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const ownKeys = useMemo(() => ownSeries.map((s) => s.key), [ownSeries]);
  const period = overlay?.period ?? null;
  const previous = overlay?.rows;
  // With a previous period on, each series gets a faint dashed twin under `prev:<key>` on the same rows.
  const { rows, series } = useMemo(() => {
    if (!period || !previous) return { rows: ownRows, series: ownSeries };
    const twins = ownSeries.map((s, i): Series => ({ ...s, key: previousKey(s.key), label: `${s.label} (${TWIN_LABEL[period]})`, faint: true, colorIndex: s.colorIndex ?? i }));
    return { rows: alignPrevious(ownRows, previous, ownKeys, period, range), series: [...ownSeries, ...twins] };
  }, [ownRows, ownSeries, ownKeys, period, previous, range]);
  const keys = useMemo(() => series.map((s) => s.key), [series]);
  // Hiding a series in the legend hides its twin too.
  const hiddenAll = useMemo(() => new Set([...hidden].flatMap((k) => [k, previousKey(k)])), [hidden]);
  const plotWidth = Math.max(60, width - PLOT_LEFT - MARGIN.right);
  const data = useMemo(() => (measured === null ? [] : m4(rows, keys, plotWidth)), [measured, rows, keys, plotWidth]);
  const yTicks = useMemo(() => {
    let max = 0;
    let min = 0;
    for (const r of rows) {
      for (const k of keys) {
        const v = r[k];
        if (hiddenAll.has(k) || typeof v !== 'number') continue;
        max = Math.max(max, v);
        min = Math.min(min, v);
      }
    }
    return min < 0 ? undefined : valueTicks(unit, max);
  }, [rows, keys, hiddenAll, unit]);
  const zoom = useCallback((r: Range) => (onZoom ? onZoom(r) : setView({ ...view, spec: { kind: 'absolute', from: r.from, to: r.to } })), [onZoom, setView, view]);
  const summary = `${title}: ${series.length} series, ${rows.length} points from ${formatTime(range.from)} to ${formatTime(range.to)} UTC`;
  const plot = { left: PLOT_LEFT, top: MARGIN.top, width: plotWidth, height: height - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT };

  return (
    <figure ref={ref} className="w-full" aria-label={summary}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-1">
        <figcaption className="text-xs font-medium text-slate-700 dark:text-slate-300">{title}</figcaption>
        <ChartToolbar title={title} figure={ref} rows={rows} series={series} overlay={overlay} dark={dark} />
      </div>
      <div className="relative" style={{ height }}>
        {/* Drawn once the width is known (a layout effect, before the first paint), never at a guess. */}
        {measured !== null && (
          <>
            <ChartBody width={width} height={height} data={data} series={series} hidden={hiddenAll} unit={unit} range={range} yTicks={yTicks} bands={bands} markers={markers} thresholds={thresholds} at={at} dark={dark} />
            <ChartOverlay title={title} plot={plot} range={range} rows={rows} series={series} hidden={hiddenAll} unit={unit} sync={sync} stepSeconds={TIME_STEPS[window.step]} at={at} dark={dark} onPick={onPickMinute} onZoom={zoom} />
          </>
        )}
      </div>
      {ownSeries.length > 1 && <ChartLegend title={title} series={ownSeries} hidden={hidden} dark={dark} onClick={(k) => setHidden((h) => isolate(h, k, ownKeys))} />}
    </figure>
  );
}

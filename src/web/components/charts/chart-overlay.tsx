import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatTime } from '../../lib/format';
import { minuteAtX, rowAt, stepCursor, xOfTime, zoomRange, type Plot, type Range } from './chart-geometry';
import type { Series } from './chart-body';
import { useSyncedTime, type ChartSync } from './chart-sync';
import type { ChartRow } from './downsample';
import { seriesColor } from './palette';
import { formatValue, type Unit } from './units';

export interface ChartOverlayProps {
  title: string;
  plot: Plot & { top: number; height: number };
  range: Range;
  rows: readonly ChartRow[];
  series: Series[];
  hidden: ReadonlySet<string>;
  unit: Unit;
  sync: ChartSync;
  /** The step of the data (seconds): the arrow keys move by it. */
  stepSeconds: number;
  at: number | null;
  dark: boolean;
  onPick?: (t: number) => void;
  onZoom?: (r: Range) => void;
}

/**
 * What sits over the plot: the shared crosshair and its tooltip, the drag selection, and the input.
 * Pointer and touch: a tap or click picks the minute under it, a horizontal drag zooms. Keyboard (it is
 * a slider over the minutes): arrows move the cursor, Shift for ten steps, Home/End, Enter or Space picks.
 */
export function ChartOverlay({ title, plot, range, rows, series, hidden, unit, sync, stepSeconds, at, dark, onPick, onZoom }: ChartOverlayProps) {
  const t = useSyncedTime(sync);
  const [drag, setDrag] = useState<{ x1: number; x2: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const local: Plot = { left: 0, width: plot.width };
  const xIn = (e: PointerEvent) => e.clientX - (ref.current?.getBoundingClientRect().left ?? 0);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const x = xIn(e);
    setDrag({ x1: x, x2: x });
    sync.set(minuteAtX(x, local, range));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const x = xIn(e);
    if (drag) setDrag({ ...drag, x2: x });
    sync.set(minuteAtX(x, local, range));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const x2 = xIn(e);
    setDrag(null);
    const z = zoomRange(drag.x1, x2, local, range);
    if (z) onZoom?.(z);
    else onPick?.(minuteAtX(x2, local, range));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cursor = t ?? at ?? range.to;
    if ((e.key === 'Enter' || e.key === ' ') && onPick) {
      e.preventDefault();
      onPick(cursor);
      return;
    }
    const next = stepCursor(cursor, e.key, e.shiftKey, stepSeconds, range);
    if (next === null) return;
    e.preventDefault();
    sync.set(next);
  };

  const cx = t !== null && t >= range.from && t <= range.to ? xOfTime(t, local, range) : null;
  const row = cx !== null ? rowAt(rows, t!) : undefined;
  const shown = series.map((s, i) => ({ s, i })).filter(({ s }) => !hidden.has(s.key));
  const now = t ?? at ?? range.to;
  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label={`${title}: minute`}
      aria-valuemin={range.from}
      aria-valuemax={range.to}
      aria-valuenow={now}
      aria-valuetext={`${formatTime(now)} UTC${onPick ? ', Enter picks it' : ''}`}
      data-chart-overlay=""
      className="absolute cursor-crosshair touch-pan-y select-none focus:outline-2 focus:outline-teal-600"
      style={{ left: plot.left, top: plot.top, width: plot.width, height: plot.height }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onPointerLeave={() => !drag && sync.set(null)}
      onKeyDown={onKeyDown}
      onBlur={() => sync.set(null)}
    >
      {drag && Math.abs(drag.x2 - drag.x1) > 2 && (
        <div className="pointer-events-none absolute inset-y-0 bg-teal-500/20" style={{ left: Math.min(drag.x1, drag.x2), width: Math.abs(drag.x2 - drag.x1) }} />
      )}
      {cx !== null && (
        <>
          <div className="pointer-events-none absolute inset-y-0 w-px bg-slate-500 dark:bg-slate-300" style={{ left: cx }} />
          <div
            className="pointer-events-none absolute top-1 z-10 rounded border border-slate-300 bg-white/95 px-2 py-1 text-xs whitespace-nowrap shadow dark:border-slate-600 dark:bg-slate-900/95"
            style={cx > plot.width / 2 ? { right: plot.width - cx + 6 } : { left: cx + 6 }}
          >
            <div className="font-medium">{formatTime(t!)} UTC</div>
            {shown.map(({ s, i }) => (
              <div key={s.key} className="flex items-center gap-1">
                <span className="inline-block h-2 w-2 rounded-full" style={{ background: seriesColor(s.colorIndex ?? i, dark, s.color), opacity: s.faint ? 0.55 : 1 }} />
                {s.label}: {formatValue(unit, row?.[s.key])}
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

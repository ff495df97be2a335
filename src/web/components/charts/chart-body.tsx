import { memo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, XAxis, YAxis, type YAxisTickContentProps } from 'recharts';
import { tickFormatter } from '../../lib/format';
import type { Band, Marker } from './chart-marks';
import { timeTicks } from './chart-marks';
import type { ChartRow } from './downsample';
import { MARK, seriesColor, type ThemedColor } from './palette';
import { formatValue, type Unit } from './units';

/** Fixed geometry, so the overlay knows where the plot is without asking Recharts. */
export const Y_AXIS_WIDTH = 68;
export const X_AXIS_HEIGHT = 24;
export const MARGIN = { top: 6, right: 10, bottom: 0, left: 0 };

export interface Series {
  key: string;
  label: string;
  /** A colour of its own (log severities); otherwise the palette's by position. */
  color?: ThemedColor;
  /** A previous-period twin: drawn faint and dashed in the colour of series `colorIndex`. */
  faint?: boolean;
  /** The palette position of the colour, when it is not the series' own position (twins). */
  colorIndex?: number;
}

export interface ChartBodyProps {
  width: number;
  height: number;
  data: ChartRow[];
  series: Series[];
  hidden: ReadonlySet<string>;
  unit: Unit;
  range: { from: number; to: number };
  yTicks: number[] | undefined;
  bands: Band[];
  markers: Marker[];
  thresholds: { value: number; label: string; color: string }[];
  at: number | null;
  dark: boolean;
}

/**
 * The Recharts part of a chart: rows to lines, axes, bands and marks. Memoised: the crosshair and
 * the drag selection live in the overlay above it, so moving the pointer never redraws the lines.
 */
export const ChartBody = memo(function ChartBody({ width, height, data, series, hidden, unit, range, yTicks, bands, markers, thresholds, at, dark }: ChartBodyProps) {
  const pick = (c: ThemedColor) => (dark ? c.dark : c.light);
  return (
    <LineChart width={width} height={height} data={data} margin={MARGIN} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} />
      <XAxis
        dataKey="time"
        type="number"
        scale="time"
        domain={[range.from, range.to]}
        allowDataOverflow
        height={X_AXIS_HEIGHT}
        ticks={timeTicks(range, Math.max(2, Math.floor(width / 110)))}
        tickFormatter={tickFormatter(range.to - range.from)}
        fontSize={11}
        stroke="currentColor"
      />
      <YAxis
        width={Y_AXIS_WIDTH}
        fontSize={11}
        tick={(p: YAxisTickContentProps) => (
          // One line per tick: Recharts' own tick text wraps "150 KB/s" at its spaces.
          <text x={Number(p.x)} y={Number(p.y)} dy={4} textAnchor="end" fontSize={11} fill="currentColor">
            {formatValue(unit, Number(p.payload.value))}
          </text>
        )}
        ticks={yTicks}
        domain={yTicks ? [yTicks[0]!, yTicks[yTicks.length - 1]!] : ['auto', 'auto']}
        interval={0}
        allowDecimals={unit !== 'count'}
        stroke="currentColor"
      />
      {bands.map((b) => (
        <ReferenceArea key={`${b.from}-${b.to}`} x1={b.from} x2={b.to} fill={pick(MARK.maintenance)} fillOpacity={0.18} ifOverflow="hidden" label={{ value: b.label, fontSize: 10, position: 'insideTop', fill: pick(MARK.maintenance) }} />
      ))}
      {markers.map((m) => (
        <ReferenceLine key={`${m.time}-${m.label}`} x={m.time} stroke={pick(MARK.incident)} strokeDasharray="4 2" label={{ value: '▲', fill: pick(MARK.incident), fontSize: 10, position: 'insideBottom' }} />
      ))}
      {thresholds.map((t) => (
        <ReferenceLine key={t.label} y={t.value} stroke={t.color} strokeDasharray="6 3" label={{ value: t.label, fill: t.color, fontSize: 10, position: 'insideTopRight' }} />
      ))}
      {series.map((s, i) =>
        hidden.has(s.key) ? null : (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={seriesColor(s.colorIndex ?? i, dark, s.color)}
            dot={false}
            // The overlay above draws the crosshair and values, so Recharts' own hover dot never shows.
            activeDot={false}
            isAnimationActive={false}
            connectNulls={false}
            strokeWidth={s.faint ? 1.25 : 1.5}
            {...(s.faint ? { strokeDasharray: '4 3', strokeOpacity: 0.55 } : {})}
          />
        ),
      )}
      {at !== null && <ReferenceLine x={at} stroke={pick(MARK.chosen)} strokeWidth={2} className="chosen-minute" ifOverflow="hidden" />}
    </LineChart>
  );
});

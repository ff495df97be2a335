import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes, formatNumber, formatPercent, formatTime, tickFormatter } from '../../lib/format';
import type { Band, Marker } from './chart-marks';
import { percentDomain, timeTicks } from './chart-marks';
import { m4, type ChartRow } from './downsample';
import { useWidth } from './use-width';

export const PALETTE = ['#0f766e', '#2563eb', '#c2410c', '#7c3aed', '#be185d', '#4d7c0f', '#0e7490', '#a16207'];
export type Unit = 'percent' | 'bytes' | 'number';
const Y_AXIS_WIDTH = 68;
const MARGIN = { top: 4, right: 8, bottom: 0, left: 0 };
const PLOT_INSET = Y_AXIS_WIDTH + MARGIN.left + MARGIN.right;
const FORMAT: Record<Unit, (n: number) => string> = { percent: formatPercent, bytes: formatBytes, number: formatNumber };

export interface TimeChartProps {
  title: string;
  rows: ChartRow[];
  series: { key: string; label: string }[];
  unit: Unit;
  range: { from: number; to: number };
  bands?: Band[];
  markers?: Marker[];
  /** Horizontal lines such as warn and crit thresholds. */
  thresholds?: { value: number; label: string; color: string }[];
  /** Called with the minute a person clicked. */
  onPickMinute?: (t: number) => void;
  height?: number;
}

/** A time-series line chart: rows are thinned to the pixel width (M4) before Recharts sees them. */
export default function TimeChart({ title, rows, series, unit, range, bands = [], markers = [], thresholds = [], onPickMinute, height = 180 }: TimeChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const keys = useMemo(() => series.map((s) => s.key), [series]);
  // Thin to the plot area's columns (the y axis and margins take PLOT_INSET of the width).
  const data = useMemo(() => m4(rows, keys, Math.max(60, width - PLOT_INSET)), [rows, keys, width]);
  const fmt = FORMAT[unit];
  const max = useMemo(() => Math.max(0, ...data.flatMap((r) => keys.map((k) => (typeof r[k] === 'number' ? (r[k] as number) : 0)))), [data, keys]);
  const summary = `${title}: ${series.length} series, ${rows.length} points from ${formatTime(range.from)} to ${formatTime(range.to)} UTC`;

  return (
    <figure ref={ref} className="w-full" aria-label={summary}>
      <figcaption className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">{title}</figcaption>
      <div role="img" aria-label={summary} className={onPickMinute ? 'cursor-crosshair' : undefined}>
        <LineChart
          width={width}
          height={height}
          data={data}
          margin={MARGIN}
          onClick={(s) => {
            // The index into the drawn rows is reliable whatever the axis ticks are; the label is a fallback.
            const i = Number(s?.activeIndex);
            const t = Number.isInteger(i) && data[i] ? data[i].time : Number(s?.activeLabel);
            if (onPickMinute && Number.isFinite(t)) onPickMinute(Math.floor(t / 60) * 60);
          }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} />
          <XAxis dataKey="time" type="number" scale="time" domain={[range.from, range.to]} ticks={timeTicks(range, Math.max(2, Math.floor(width / 110)))} tickFormatter={tickFormatter(range.to - range.from)} fontSize={11} stroke="currentColor" />
          <YAxis width={Y_AXIS_WIDTH} fontSize={11} tickFormatter={fmt} domain={unit === 'percent' ? percentDomain(max) : [0, 'auto']} stroke="currentColor" />
          <Tooltip labelFormatter={(t) => `${formatTime(Number(t))} UTC`} formatter={(v) => fmt(Number(v))} contentStyle={{ fontSize: 12 }} />
          {bands.map((b) => (
            <ReferenceArea key={`${b.from}-${b.to}`} x1={b.from} x2={b.to} fill="#64748b" fillOpacity={0.15} label={{ value: b.label, fontSize: 10, position: 'insideTop' }} />
          ))}
          {markers.map((m) => (
            <ReferenceLine key={`${m.time}-${m.label}`} x={m.time} stroke="#dc2626" strokeDasharray="4 2" label={{ value: '▲', fill: '#dc2626', fontSize: 10, position: 'insideBottom' }} />
          ))}
          {thresholds.map((t) => (
            <ReferenceLine key={t.label} y={t.value} stroke={t.color} strokeDasharray="6 3" label={{ value: t.label, fill: t.color, fontSize: 10, position: 'insideTopRight' }} />
          ))}
          {series.map((s, i) => (
            <Line key={s.key} dataKey={s.key} name={s.label} stroke={PALETTE[i % PALETTE.length]} dot={false} isAnimationActive={false} connectNulls={false} strokeWidth={1.5} />
          ))}
        </LineChart>
      </div>
    </figure>
  );
}

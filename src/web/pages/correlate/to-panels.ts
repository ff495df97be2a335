import type { Series } from '../../components/charts/chart-body';
import type { ChartRow } from '../../components/charts/downsample';
import type { Unit } from '../../components/charts/units';

/** A series the page read: its label and unit, and its points in any order. */
export interface ReadSeries {
  label: string;
  unit: Unit;
  points: readonly { time: number; value: number | null }[];
}

/** One chart of the page: the series of one unit on one axis, rows merged by time. */
export interface Panel {
  unit: Unit;
  title: string;
  series: Series[];
  rows: ChartRow[];
}

const UNIT_TITLES: Record<Unit, string> = {
  percent: 'Percent',
  bytes: 'Bytes',
  rate: 'Bytes per second',
  mb: 'Megabytes',
  count: 'Counts',
  number: 'Values',
  us: 'Durations',
  ms: 'Durations (ms)',
  seconds: 'Durations (s)',
};

/** Rows of several series merged by time (in time order), each series under its key; gaps stay null. */
export function mergeRows(series: readonly { key: string; points: ReadSeries['points'] }[]): ChartRow[] {
  const byTime = new Map<number, ChartRow>();
  for (const s of series) {
    for (const p of s.points) {
      let row = byTime.get(p.time);
      if (!row) byTime.set(p.time, (row = { time: p.time }));
      row[s.key] = p.value;
    }
  }
  const rows = [...byTime.values()].sort((a, b) => a.time - b.time);
  for (const r of rows) for (const s of series) r[s.key] ??= null;
  return rows;
}

/**
 * Mixed units: one panel per unit, in the order the units first appear, each with its own y axis in
 * the unit people read; every panel spans the same time range and shares the page's crosshair. Each
 * series keeps the key and colour of its place in the selection (`k<i>`), so removing one series does
 * not recolour the others, and its twin of the previous period lines up by that key.
 */
export function toPanels(read: readonly ReadSeries[]): Panel[] {
  const panels = new Map<Unit, { series: Series[]; input: { key: string; points: ReadSeries['points'] }[] }>();
  read.forEach((s, i) => {
    const p = panels.get(s.unit) ?? { series: [], input: [] };
    panels.set(s.unit, p);
    p.series.push({ key: `k${i}`, label: s.label, colorIndex: i });
    p.input.push({ key: `k${i}`, points: s.points });
  });
  return [...panels.entries()].map(([unit, p]) => ({ unit, title: UNIT_TITLES[unit], series: p.series, rows: mergeRows(p.input) }));
}

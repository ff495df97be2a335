import type { DiffField, DiffItem, FieldChange } from '../../../../shared/process-diff';
import { formatValue, type Unit } from '../../../components/charts/units';

/** The compared fields as columns: label and unit. */
export const DIFF_COLUMNS: { field: DiffField; label: string; unit: Unit }[] = [
  { field: 'cpu', label: 'CPU', unit: 'percent' },
  { field: 'memory', label: 'Memory', unit: 'bytes' },
  { field: 'thread_num', label: 'Threads', unit: 'count' },
  { field: 'file_num', label: 'Files', unit: 'count' },
];

/** One field of a diff as people read it: "10.0% → 30.0% (+20.0%)", or the one side that exists. */
export function formatChange(unit: Unit, c: FieldChange): string {
  if (c.before === null && c.after === null) return '–';
  if (c.before === null) return formatValue(unit, c.after);
  if (c.after === null) return formatValue(unit, c.before);
  if (c.delta === 0) return formatValue(unit, c.after);
  const sign = c.delta > 0 ? '+' : '−';
  return `${formatValue(unit, c.before)} → ${formatValue(unit, c.after)} (${sign}${formatValue(unit, Math.abs(c.delta))})`;
}

/** The two minutes in order: the earlier is `from`; null until both are chosen. */
export function comparedMinutes(base: number | null, at: number | null): { from: number; to: number } | null {
  if (base === null || at === null) return null;
  return { from: Math.min(base, at), to: Math.max(base, at) };
}

/** The first `n` items, and how many more there are. */
export function firstOf(items: readonly DiffItem[], n: number): { shown: DiffItem[]; more: number } {
  return { shown: items.slice(0, n), more: Math.max(0, items.length - n) };
}

/** The minute nearest `t` within [from, to], on whole minutes (the slider's value). */
export function clampMinute(t: number, from: number, to: number): number {
  const lo = Math.ceil(from / 60) * 60;
  const hi = Math.floor(to / 60) * 60;
  return Math.max(lo, Math.min(hi, Math.round(t / 60) * 60));
}

import { formatBytes, formatNumber, formatPercent } from '../../lib/format';

/**
 * What a chart's values are, as the API sends them. The axis and tooltip show them in the unit a
 * person reads: `rate` is bytes per minute (a collector's per-minute delta) shown as bytes/s; `mb`
 * is megabytes (free space) shown with binary scaling; `us`/`ms`/`seconds` are durations shown in
 * the largest unit that keeps a whole part; `count` is a whole number (integer ticks).
 */
export type Unit = 'percent' | 'bytes' | 'rate' | 'mb' | 'count' | 'number' | 'us' | 'ms' | 'seconds';

/** Seconds as a short label: "850 µs", "22.6 ms", "1.20 s", "3.0 min". */
export function formatDuration(s: number | null | undefined): string {
  if (s === null || s === undefined || !Number.isFinite(s)) return '–';
  const a = Math.abs(s);
  if (a === 0) return '0 s';
  if (a >= 120) return `${(s / 60).toFixed(1)} min`;
  if (a >= 1) return `${s.toFixed(a >= 10 ? 1 : 2)} s`;
  if (a >= 0.001) return `${Number((s * 1000).toFixed(a >= 0.1 ? 0 : 1))} ms`;
  return `${Math.round(s * 1e6)} µs`;
}

/** How many bytes one value stands for (bytes family) or how many seconds (durations); null for plain numbers. */
export function baseFactor(unit: Unit): { family: 'bytes' | 'duration'; factor: number } | null {
  switch (unit) {
    case 'bytes':
      return { family: 'bytes', factor: 1 };
    case 'rate':
      return { family: 'bytes', factor: 1 / 60 };
    case 'mb':
      return { family: 'bytes', factor: 1024 * 1024 };
    case 'us':
      return { family: 'duration', factor: 1e-6 };
    case 'ms':
      return { family: 'duration', factor: 1e-3 };
    case 'seconds':
      return { family: 'duration', factor: 1 };
    default:
      return null;
  }
}

/** A value of `unit` for people: `formatValue('mb', 160000)` is "156 GB", `formatValue('us', 51900)` "51.9 ms". */
export function formatValue(unit: Unit, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  switch (unit) {
    case 'percent':
      return formatPercent(v);
    case 'bytes':
    case 'mb':
      return formatBytes(v * baseFactor(unit)!.factor);
    case 'rate':
      return `${formatBytes(v / 60)}/s`;
    case 'us':
    case 'ms':
    case 'seconds':
      return formatDuration(v * baseFactor(unit)!.factor);
    case 'count':
      return formatNumber(Math.round(v));
    default:
      return formatNumber(v);
  }
}

/** Whether the axis of `unit` should only have whole-number ticks. */
export const integerUnit = (unit: Unit): boolean => unit === 'count';

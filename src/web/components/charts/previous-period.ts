import type { ChartRow } from './downsample';

/** The periods a chart can overlay: the same range a day or a week before. */
export const PREVIOUS_PERIODS = { day: 86_400, week: 7 * 86_400 } as const;
export type PreviousPeriod = keyof typeof PREVIOUS_PERIODS;

/** Parses `?overlay=`: `day` or `week`, anything else is no overlay. */
export const parsePreviousPeriod = (v: string | null): PreviousPeriod | null => (v === 'day' || v === 'week' ? v : null);

/** The key of the previous-period twin of series `key`. */
export const previousKey = (key: string) => `prev:${key}`;

/** The window the previous period reads: the same range moved back by the period (the step unchanged). */
export function previousWindow<W extends { from: number; to: number }>(w: W, period: PreviousPeriod): W {
  const shift = PREVIOUS_PERIODS[period];
  return { ...w, from: w.from - shift, to: w.to - shift };
}

/**
 * Lays the previous period's rows over the current ones: each previous row moves forward by the period
 * and its values go to the `prev:` twin keys, then both are merged by time. A day and a week are whole
 * numbers of every step (minute, hour, day), so a previous point lands exactly on the current point of
 * the same time of day and no value is interpolated; a previous row whose moved time has no current
 * row becomes a row of its own (the lines keep their gaps where either period has none). Rows stay in
 * time order; only times inside `range` are kept.
 */
export function alignPrevious(
  current: readonly ChartRow[],
  previous: readonly ChartRow[],
  keys: readonly string[],
  period: PreviousPeriod,
  range: { from: number; to: number },
): ChartRow[] {
  const shift = PREVIOUS_PERIODS[period];
  const byTime = new Map<number, ChartRow>();
  for (const r of current) byTime.set(r.time, { ...r });
  for (const p of previous) {
    const time = p.time + shift;
    if (time < range.from || time > range.to) continue;
    let row = byTime.get(time);
    if (!row) byTime.set(time, (row = { time }));
    for (const k of keys) row[previousKey(k)] = typeof p[k] === 'number' ? p[k] : null;
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

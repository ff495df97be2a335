import type { Baseline, ChangeItem } from '../../shared/changes';

/** At least this many same-minute values of the previous 7 days make the weekly baseline. */
export const MIN_WEEK = 3;
/** Else at least this many minutes of the previous hour make the hourly one; fewer: the series is not ranked. */
export const MIN_HOUR = 10;
/** Scores are capped to ±this, so a flat baseline that moves answers a finite, comparable number. */
export const MAX_SCORE = 99;

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The median of the values (they need not be sorted); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The robust z-score of `value` against `baseline`: (value - median) / scale, where scale is
 * 1.4826 × MAD (the median absolute deviation, scaled to a normal distribution's standard deviation),
 * floored at 1% of |median| and at 1e-6 so a flat baseline does not make a wobble infinite; capped
 * to ±MAX_SCORE.
 */
export function robustScore(value: number, baseline: readonly number[]): { median: number; mad: number; score: number; raw: number } {
  const m = median(baseline);
  const mad = median(baseline.map((x) => Math.abs(x - m)));
  const scale = Math.max(1.4826 * mad, 0.01 * Math.abs(m), 1e-6);
  const raw = (value - m) / scale;
  const z = Math.max(-MAX_SCORE, Math.min(MAX_SCORE, raw));
  return { median: round(m), mad: round(mad), score: Math.round(z * 100) / 100, raw };
}

/**
 * The baseline of a series: the same minute on each of the previous 7 days when at least MIN_WEEK of
 * them have a value (daily cycles then do not count as change), else the previous hour's minutes when
 * at least MIN_HOUR have one, else none.
 */
export function chooseBaseline(week: readonly number[], hour: readonly number[]): { kind: Baseline; values: readonly number[] } | null {
  if (week.length >= MIN_WEEK) return { kind: 'week', values: week };
  if (hour.length >= MIN_HOUR) return { kind: 'hour', values: hour };
  return null;
}

/** A series to rank: its value at the minute and what surrounds it. */
export interface Candidate {
  kind: 'server' | 'process';
  field: string;
  uid?: string;
  name?: string;
  value: number;
  /** The same minute on the previous days (up to 7 values). */
  week: readonly number[];
  /** The minutes of the hour before (up to 60 values). */
  hour: readonly number[];
  /** The hour ending at the minute, oldest first. */
  recent: { time: number; value: number }[];
}

/**
 * The `limit` candidates departing most from their own baseline: by |z| before the cap (so capped
 * scores still keep their order), then by kind, uid and field.
 */
export function rankChanges(candidates: readonly Candidate[], limit: number): ChangeItem[] {
  const scored: (ChangeItem & { raw: number })[] = [];
  for (const c of candidates) {
    const base = chooseBaseline(c.week, c.hour);
    if (!base) continue;
    const s = robustScore(c.value, base.values);
    scored.push({
      kind: c.kind,
      field: c.field,
      ...(c.uid === undefined ? {} : { uid: c.uid, name: c.name }),
      value: c.value,
      baseline: base.kind,
      baseline_size: base.values.length,
      median: s.median,
      mad: s.mad,
      score: s.score,
      recent: c.recent,
      raw: Math.abs(s.raw),
    });
  }
  const key = (i: ChangeItem) => `${i.kind}:${i.uid ?? ''}:${i.field}`;
  scored.sort((a, b) => b.raw - a.raw || (key(a) < key(b) ? -1 : 1));
  return scored.slice(0, limit).map(({ raw: _raw, ...item }) => item);
}

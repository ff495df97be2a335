/** The plot area of a chart in pixels from the chart's left edge: where the time axis starts and how wide it is. */
export interface Plot {
  left: number;
  width: number;
}
export interface Range {
  from: number;
  to: number;
}

/** The x (pixels from the chart's left) of time `t`. */
export function xOfTime(t: number, plot: Plot, r: Range): number {
  const span = r.to - r.from || 1;
  return plot.left + ((t - r.from) / span) * plot.width;
}

/**
 * The minute under pixel `x` (pixels from the chart's left), clamped to the range: the time axis is
 * linear over the range, so this is exact wherever the pointer or finger is, with or without data.
 */
export function minuteAtX(x: number, plot: Plot, r: Range): number {
  const f = Math.min(1, Math.max(0, (x - plot.left) / (plot.width || 1)));
  const t = r.from + f * (r.to - r.from);
  return Math.min(Math.floor(r.to / 60) * 60, Math.max(Math.ceil(r.from / 60) * 60, Math.floor(t / 60) * 60));
}

/** Smallest drag (pixels) that zooms; anything shorter is a click or a tap that picks a minute. */
export const MIN_DRAG_PX = 8;

/** The range a drag from x1 to x2 selects (whole minutes, at least two), or null for a click. */
export function zoomRange(x1: number, x2: number, plot: Plot, r: Range): Range | null {
  if (Math.abs(x2 - x1) < MIN_DRAG_PX) return null;
  const a = minuteAtX(Math.min(x1, x2), plot, r);
  const b = minuteAtX(Math.max(x1, x2), plot, r);
  return b - a >= 120 ? { from: a, to: b } : null;
}

/**
 * The cursor minute after a key on a focused chart: arrows move one step (ten with Shift), Home and
 * End go to the range's ends; null for a key that does not move it.
 */
export function stepCursor(cursor: number, key: string, shift: boolean, stepSeconds: number, r: Range): number | null {
  const first = Math.ceil(r.from / 60) * 60;
  const last = Math.floor(r.to / 60) * 60;
  const d = stepSeconds * (shift ? 10 : 1);
  const moved = key === 'ArrowLeft' ? cursor - d : key === 'ArrowRight' ? cursor + d : key === 'Home' ? first : key === 'End' ? last : null;
  return moved === null ? null : Math.min(last, Math.max(first, moved));
}

/** The row nearest to time `t` in rows sorted by time (binary search); undefined when there are none. */
export function rowAt<R extends { time: number }>(rows: readonly R[], t: number): R | undefined {
  if (rows.length === 0) return undefined;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.time < t) lo = mid + 1;
    else hi = mid;
  }
  const prev = rows[lo - 1];
  return prev && t - prev.time < rows[lo]!.time - t ? prev : rows[lo];
}

/**
 * The hidden series after a click on `key` in the legend: isolate it (hide every other), or show all
 * again when it was already the only one shown.
 */
export function isolate(hidden: ReadonlySet<string>, key: string, keys: readonly string[]): Set<string> {
  const alone = !hidden.has(key) && keys.every((k) => k === key || hidden.has(k));
  return alone ? new Set() : new Set(keys.filter((k) => k !== key));
}

import type { Window } from '../lib/time-range';

/** The T parameters that read every point of a window (start and end without num). */
export function windowParams(w: Window) {
  return { start: w.from, end: w.to, time_step: w.step };
}

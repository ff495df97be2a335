import { z } from 'zod';
import { epochParam, intParam } from './params';
import { pagingQuery } from './paging';

/** time_step values and their length in seconds. */
export const TIME_STEPS = { Minute: 60, Hour: 3600, Day: 86400 } as const;
export type TimeStep = keyof typeof TIME_STEPS;

/**
 * The T parameters of a time-series endpoint (spec: Time-series parameters), plus P paging.
 * `allowed` is the endpoint's list of time_step values; any other value is a 400.
 */
export function timeSeriesQuery<const S extends readonly [TimeStep, ...TimeStep[]]>(allowed: S) {
  const stepMsg = `time_step must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`} here`;
  return pagingQuery.extend({
    num: intParam('num', { min: 1, max: 1_000_000 }).optional(),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
    time_step: z.enum(allowed, { error: stepMsg }).default(allowed[0]),
  });
}
/** The parsed T parameters (paging aside). */
export interface TimeSeriesParams {
  num?: number;
  start?: number;
  end?: number;
  time_step: TimeStep;
}

/** The closed interval of point times to read, newest first, one step apart. */
export interface SeriesWindow {
  from: number;
  to: number;
  step: number;
}

/**
 * Resolves T parameters into the window of point times (both ends inclusive), given the time of the
 * series' most recent point (null when it has none):
 * - start and num: the version-3 rule, end = start + step × num;
 * - num (default 1): points from end (default: the latest point) backwards, num steps, never before start;
 * - start without num: every point from start to end (default: the latest point);
 * - start and end without num: every point between them.
 * Minutes without data are simply absent, so fewer than num points may come back.
 * Returns null when there is nothing to read (no data, or an empty range).
 */
export function resolveWindow(q: TimeSeriesParams, latest: number | null): SeriesWindow | null {
  const step = TIME_STEPS[q.time_step];
  const floor = (t: number) => Math.floor(t / step) * step;
  let to: number;
  let from: number;
  if (q.start !== undefined && q.num !== undefined) {
    to = floor(q.start + step * q.num);
    from = Math.max(q.start, to - (q.num - 1) * step);
  } else {
    const end = q.end ?? latest;
    if (end === null) return null;
    to = floor(end);
    if (q.num !== undefined || q.start === undefined) {
      from = to - ((q.num ?? 1) - 1) * step;
      if (q.start !== undefined) from = Math.max(from, q.start);
    } else {
      from = q.start;
    }
  }
  return from <= to ? { from, to, step } : null;
}

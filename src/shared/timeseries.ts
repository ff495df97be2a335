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
 * The window of T parameters before the series' latest point is known: `to` (null: the latest point,
 * floored to the step) and the earliest time, the greater of `to - back` and `min` (a null is no
 * bound). A store reading the latest point and the page in one query applies it itself.
 */
export interface WindowPlan {
  step: number;
  to: number | null;
  back: number | null;
  min: number | null;
}

/**
 * Plans the window of point times (both ends inclusive) of T parameters:
 * - start and num: the version-3 rule, end = start + step × num;
 * - num (default 1): points from end (default: the latest point) backwards, num steps, never before start;
 * - start without num: every point from start to end (default: the latest point);
 * - start and end without num: every point between them.
 * Minutes without data are simply absent, so fewer than num points may come back.
 */
export function planWindow(q: TimeSeriesParams): WindowPlan {
  const step = TIME_STEPS[q.time_step];
  const floor = (t: number) => Math.floor(t / step) * step;
  if (q.start !== undefined && q.num !== undefined) {
    return { step, to: floor(q.start + step * q.num), back: (q.num - 1) * step, min: q.start };
  }
  const to = q.end === undefined ? null : floor(q.end);
  const back = q.num !== undefined || q.start === undefined ? ((q.num ?? 1) - 1) * step : null;
  return { step, to, back, min: q.start ?? null };
}

/** The window of a plan given the time of the series' most recent point; null when it is empty. */
export function applyWindow(plan: WindowPlan, latest: number | null): SeriesWindow | null {
  const to = plan.to ?? (latest === null ? null : Math.floor(latest / plan.step) * plan.step);
  if (to === null) return null;
  const from = Math.max(plan.back === null ? -Infinity : to - plan.back, plan.min ?? -Infinity);
  return from <= to ? { from, to, step: plan.step } : null;
}

/**
 * Resolves T parameters into the window of point times (see planWindow), given the time of the
 * series' most recent point (null when it has none). Returns null when there is nothing to read (no
 * data, or an empty range).
 */
export function resolveWindow(q: TimeSeriesParams, latest: number | null): SeriesWindow | null {
  return applyWindow(planWindow(q), latest);
}

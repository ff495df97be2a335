import { describe, expect, it } from 'vitest';
import { planWindow, resolveWindow, timeSeriesQuery } from './timeseries';

const E = 1_700_000_040; // a minute boundary
const q = (p: Record<string, unknown>) => timeSeriesQuery(['Minute', 'Hour', 'Day']).parse(p);

describe('resolveWindow', () => {
  it('defaults to the latest point only', () => {
    expect(resolveWindow(q({}), E)).toEqual({ from: E, to: E, step: 60 });
  });
  it('goes num steps back from end (spec: num=3&end=E gives E, E-60, E-120)', () => {
    expect(resolveWindow(q({ num: '3', end: String(E) }), null)).toEqual({ from: E - 120, to: E, step: 60 });
  });
  it('lets the version 3 rule override end when start and num are given', () => {
    expect(resolveWindow(q({ num: 10, end: E, start: E - 60 }), null)).toMatchObject({ from: E, to: E + 540 });
  });
  it('applies the version 3 rule when start and num are both given', () => {
    expect(resolveWindow(q({ start: E, num: 3 }), E + 10_000)).toEqual({ from: E + 60, to: E + 180, step: 60 });
  });
  it('reads the whole range with start and end', () => {
    expect(resolveWindow(q({ start: E - 600, end: E }), null)).toEqual({ from: E - 600, to: E, step: 60 });
  });
  it('reads from start to the latest point with start alone', () => {
    expect(resolveWindow(q({ start: E - 600 }), E)).toEqual({ from: E - 600, to: E, step: 60 });
  });
  it('aligns end to the step', () => {
    expect(resolveWindow(q({ end: E + 59, time_step: 'Hour' }), null)!.to % 3600).toBe(0);
  });
  it('answers null without data or for an empty range', () => {
    expect(resolveWindow(q({}), null)).toBeNull();
    expect(resolveWindow(q({ start: E, end: E - 60 }), null)).toBeNull();
  });
});

describe('planWindow', () => {
  // A store that reads the latest point in the same query as the page applies these plans itself.
  it.each([
    [{}, { step: 60, to: null, back: 0, min: null }],
    [{ num: 3 }, { step: 60, to: null, back: 120, min: null }],
    [{ num: 3, end: E + 59 }, { step: 60, to: E, back: 120, min: null }],
    [{ start: E - 600 }, { step: 60, to: null, back: null, min: E - 600 }],
    [{ start: E - 600, end: E }, { step: 60, to: E, back: null, min: E - 600 }],
    [{ start: E, num: 3 }, { step: 60, to: E + 180, back: 120, min: E }],
    [{ num: 2, time_step: 'Hour' }, { step: 3600, to: null, back: 3600, min: null }],
  ])('plans %o as %o', (params, plan) => {
    expect(planWindow(q(params))).toEqual(plan);
  });
  it('leaves the end to the latest point only when no end is given', () => {
    expect(resolveWindow(q({ start: E - 600 }), E + 30)).toEqual({ from: E - 600, to: E, step: 60 });
    expect(resolveWindow(q({ num: 2, time_step: 'Hour' }), E + 3600)).toEqual({ from: 1_699_999_200, to: 1_700_002_800, step: 3600 });
  });
});

describe('timeSeriesQuery', () => {
  it('refuses a time_step the endpoint does not allow', () => {
    const r = timeSeriesQuery(['Minute']).safeParse({ time_step: 'Hour' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('time_step must be Minute here');
  });
  it('refuses num 0', () => {
    expect(timeSeriesQuery(['Minute']).safeParse({ num: '0' }).success).toBe(false);
  });
});

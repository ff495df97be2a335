import { describe, expect, it } from 'vitest';
import { clampMinute, comparedMinutes, formatChange, firstOf } from './diff-rows';

describe('diff rows', () => {
  it.each([
    [{ before: 10, after: 30, delta: 20 }, '10% → 30% (+20%)'],
    [{ before: 30, after: 10, delta: -20 }, '30% → 10% (−20%)'],
    [{ before: null, after: 5, delta: 5 }, '5.0%'],
    [{ before: 5, after: null, delta: -5 }, '5.0%'],
    [{ before: 7, after: 7, delta: 0 }, '7.0%'],
    [{ before: null, after: null, delta: 0 }, '–'],
  ])('formats %j as %s', (c, text) => expect(formatChange('percent', c)).toBe(text));

  it('orders the compared minutes and waits for both', () => {
    expect(comparedMinutes(600, 120)).toEqual({ from: 120, to: 600 });
    expect(comparedMinutes(null, 120)).toBeNull();
    expect(comparedMinutes(60, null)).toBeNull();
  });

  it('clamps and rounds a minute into the range', () => {
    expect(clampMinute(100, 130, 600)).toBe(180);
    expect(clampMinute(9999, 130, 610)).toBe(600);
    expect(clampMinute(250, 0, 600)).toBe(240);
  });

  it('cuts a list and counts the rest', () => {
    const item = { uid: 'u', pid: '1', create_time: '1', name: 'n', args: null, server_id: 1, score: 1, fields: {} } as never;
    expect(firstOf([item, item, item], 2).more).toBe(1);
    expect(firstOf([item], 2)).toEqual({ shown: [item], more: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { isolate, minuteAtX, rowAt, stepCursor, xOfTime, zoomRange } from './chart-geometry';

const plot = { left: 68, width: 600 };
const r = { from: 3600 * 100, to: 3600 * 100 + 6000 }; // 100 minutes

describe('minuteAtX', () => {
  it('picks the minute under the pointer, not the first of the range', () => {
    expect(minuteAtX(68 + 300, plot, r)).toBe(r.from + 3000);
    expect(minuteAtX(68 + 305, plot, r)).toBe(r.from + 3000);
    expect(minuteAtX(68 + 306, plot, r)).toBe(r.from + 3060);
  });
  it('clamps outside the plot', () => {
    expect(minuteAtX(0, plot, r)).toBe(r.from);
    expect(minuteAtX(5000, plot, r)).toBe(r.to);
  });
  it('inverts xOfTime', () => {
    for (const t of [r.from, r.from + 1260, r.to]) expect(minuteAtX(xOfTime(t, plot, r) + 0.01, plot, r)).toBe(t);
  });
});

describe('zoomRange', () => {
  it('is null for a click or a tiny drag', () => {
    expect(zoomRange(100, 104, plot, r)).toBeNull();
    expect(zoomRange(100, 108, plot, r)).toBeNull();
  });
  it('selects the minutes between the two ends, whichever way the drag went', () => {
    expect(zoomRange(68 + 600, 68 + 300, plot, r)).toEqual({ from: r.from + 3000, to: r.to });
  });
});

describe('stepCursor', () => {
  it.each([
    ['ArrowRight', false, r.from + 600 + 60],
    ['ArrowLeft', false, r.from + 600 - 60],
    ['ArrowRight', true, r.from + 600 + 600],
    ['Home', false, r.from],
    ['End', false, r.to],
  ])('%s shift=%s', (key, shift, out) => {
    expect(stepCursor(r.from + 600, key, shift, 60, r)).toBe(out);
  });
  it('stays inside the range and ignores other keys', () => {
    expect(stepCursor(r.to, 'ArrowRight', true, 3600, r)).toBe(r.to);
    expect(stepCursor(r.from, 'a', false, 60, r)).toBeNull();
  });
});

describe('rowAt', () => {
  const rows = [{ time: 0 }, { time: 60 }, { time: 180 }];
  it.each([
    [-10, 0],
    [29, 0],
    [31, 60],
    [119, 60],
    [121, 180],
    [999, 180],
  ])('t=%s -> %s', (t, out) => {
    expect(rowAt(rows, t)?.time).toBe(out);
  });
  it('is undefined without rows', () => {
    expect(rowAt([], 5)).toBeUndefined();
  });
});

describe('isolate', () => {
  const keys = ['a', 'b', 'c'];
  it('shows only the clicked series, then all again', () => {
    const one = isolate(new Set(), 'b', keys);
    expect([...one].sort()).toEqual(['a', 'c']);
    expect(isolate(one, 'b', keys).size).toBe(0);
  });
  it('switches isolation to another series', () => {
    expect([...isolate(new Set(['a', 'c']), 'a', keys)].sort()).toEqual(['b', 'c']);
  });
});

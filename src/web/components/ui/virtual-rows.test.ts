import { describe, expect, it } from 'vitest';
import { visibleRange } from './virtual-rows';

describe('visibleRange', () => {
  it.each([
    [0, 400, 40, 5000, 2, { start: 0, end: 12 }],
    [4000, 400, 40, 5000, 2, { start: 98, end: 112 }],
    [199_800, 400, 40, 5000, 2, { start: 4993, end: 5000 }],
    [-50, 400, 40, 3, 2, { start: 0, end: 3 }],
    [0, 400, 40, 0, 2, { start: 0, end: 0 }],
  ])('scrollTop %i', (top, vp, rh, n, o, want) => {
    expect(visibleRange(top, vp, rh, n, o)).toEqual(want);
  });
});

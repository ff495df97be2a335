import { describe, expect, it } from 'vitest';
import { alignPrevious, parsePreviousPeriod, previousWindow } from './previous-period';

const D = 86_400;
const T = 1_700_000_040;

describe('previousWindow', () => {
  it('moves the range back by a day or a week and keeps the step', () => {
    expect(previousWindow({ from: T, to: T + 3600, step: 'Minute' }, 'day')).toEqual({ from: T - D, to: T + 3600 - D, step: 'Minute' });
    expect(previousWindow({ from: T, to: T + 60 }, 'week')).toEqual({ from: T - 7 * D, to: T + 60 - 7 * D });
  });
});

describe('parsePreviousPeriod', () => {
  it.each([['day', 'day'], ['week', 'week'], ['month', null], [null, null], ['', null]])('%j is %j', (v, expected) => {
    expect(parsePreviousPeriod(v)).toBe(expected);
  });
});

describe('alignPrevious', () => {
  const range = { from: T, to: T + 180 };

  it('puts the day before on the same times under prev: keys', () => {
    const cur = [{ time: T, cpu: 10 }, { time: T + 60, cpu: 20 }];
    const prev = [{ time: T - D, cpu: 1 }, { time: T + 60 - D, cpu: 2 }];
    expect(alignPrevious(cur, prev, ['cpu'], 'day', range)).toEqual([
      { time: T, cpu: 10, 'prev:cpu': 1 },
      { time: T + 60, cpu: 20, 'prev:cpu': 2 },
    ]);
  });

  it('keeps previous points without a current one as rows of their own, in time order, and missing values null', () => {
    const cur = [{ time: T + 120, cpu: 30, mem: 5 }];
    const prev = [{ time: T + 60 - 7 * D, cpu: 7 }, { time: T - 7 * D, cpu: null, mem: 4 }];
    expect(alignPrevious(cur, prev, ['cpu', 'mem'], 'week', range)).toEqual([
      { time: T, 'prev:cpu': null, 'prev:mem': 4 },
      { time: T + 60, 'prev:cpu': 7, 'prev:mem': null },
      { time: T + 120, cpu: 30, mem: 5 },
    ]);
  });

  it('drops previous points that land outside the range and leaves the current rows untouched', () => {
    const cur = [{ time: T, cpu: 1 }];
    const prev = [{ time: T - D - 60, cpu: 9 }, { time: T + 240 - D, cpu: 9 }];
    const out = alignPrevious(cur, prev, ['cpu'], 'day', range);
    expect(out).toEqual([{ time: T, cpu: 1 }]);
    expect(cur).toEqual([{ time: T, cpu: 1 }]);
  });
});

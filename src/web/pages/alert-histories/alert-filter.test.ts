import { describe, expect, it } from 'vitest';
import { alertFilter, MAX_FILTERED_ALERTS, withoutAlertFilter } from './alert-filter';

describe('alertFilter', () => {
  it('reads the comma-separated alert ids of a grouped message link, unique and sorted', () => {
    expect(alertFilter('40,12,15,12')).toEqual([12, 15, 40]);
    expect(alertFilter(' 7 , 3')).toEqual([3, 7]);
  });

  it('leaves out what is not an alert id, and is no filter when nothing is left', () => {
    expect(alertFilter('5,x,-2,0,1.5,,9')).toEqual([5, 9]);
    for (const v of [null, '', ',', 'abc', '0']) expect(alertFilter(v)).toBeNull();
  });

  it(`keeps at most ${MAX_FILTERED_ALERTS} ids`, () => {
    const many = Array.from({ length: MAX_FILTERED_ALERTS + 5 }, (_, i) => i + 1).join(',');
    expect(alertFilter(many)).toHaveLength(MAX_FILTERED_ALERTS);
  });
});

describe('withoutAlertFilter', () => {
  it('drops only the filter, keeping the view and the range', () => {
    expect(withoutAlertFilter(new URLSearchParams('view=range&from=60&to=180&alerts=1,2'))).toBe('?view=range&from=60&to=180');
    expect(withoutAlertFilter(new URLSearchParams('alerts=1'))).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBytes, formatNumber, formatPercent, formatSecond, formatTime, fromInputValue, tickFormatter, toInputValue } from './format';

describe('format', () => {
  it.each([
    [0, '0 B'],
    [1536, '1.5 KB'],
    [8 * 1024 ** 3, '8.0 GB'],
    [null, '–'],
  ])('formatBytes(%j) = %s', (n, s) => expect(formatBytes(n)).toBe(s));
  it('formats percentages and numbers', () => {
    expect(formatPercent(5.25)).toBe('5.3%');
    expect(formatPercent(55.5)).toBe('56%');
    expect(formatNumber(1_234_567)).toBe('1.2M');
    expect(formatNumber(12)).toBe('12');
  });
  it('shows times in UTC and reads inputs as UTC', () => {
    expect(formatTime(1_700_000_040)).toBe('2023-11-14 22:14');
    expect(formatSecond(1_700_000_047)).toBe('2023-11-14 22:14:07');
    expect(fromInputValue(toInputValue(1_700_000_040))).toBe(1_700_000_040);
    expect(fromInputValue('2023-11')).toBeNull();
  });
  it('picks tick precision from the span', () => {
    expect(tickFormatter(3600)(1_700_000_040)).toBe('22:14');
    expect(tickFormatter(30 * 86400)(1_700_000_040)).toBe('11-14');
  });
});

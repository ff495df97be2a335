import { describe, expect, it } from 'vitest';
import { formatUtcSeconds, parseUtcMinute } from './utc-time';

describe('parseUtcMinute', () => {
  it.each([
    ['2026-03-01 00:00', Date.UTC(2026, 2, 1) / 1000],
    ['2024-02-29 23:59', Date.UTC(2024, 1, 29, 23, 59) / 1000],
    ['1970-01-01 00:00', 0],
    ['2099-12-31 12:30', Date.UTC(2099, 11, 31, 12, 30) / 1000],
  ])('reads %s', (text, epoch) => {
    expect(parseUtcMinute(text)).toBe(epoch);
  });

  it.each([
    '2026-02-30 10:00',
    '2025-02-29 10:00',
    '2026-04-31 10:00',
    '2026-13-01 10:00',
    '2026-00-10 10:00',
    '2026-01-00 10:00',
    '2026-01-01 24:00',
    '2026-01-01 10:60',
    '2026-01-01 10:00:00',
    '2026-01-01T10:00',
    '2026-1-1 10:00',
    '2026-01-01 9:00',
    ' 2026-01-01 10:00',
    '0050-01-01 10:00',
    '',
    'tomorrow',
  ])('refuses %j', (text) => {
    expect(parseUtcMinute(text)).toBeNull();
  });
});

describe('formatUtcSeconds', () => {
  it('writes yyyy-mm-dd hh:mm:ss in UTC', () => {
    expect(formatUtcSeconds(0)).toBe('1970-01-01 00:00:00');
    expect(formatUtcSeconds(Date.UTC(2026, 1, 3, 4, 5, 6) / 1000)).toBe('2026-02-03 04:05:06');
  });

  it('round-trips with parseUtcMinute', () => {
    const e = parseUtcMinute('2031-07-09 18:42')!;
    expect(formatUtcSeconds(e)).toBe('2031-07-09 18:42:00');
  });
});

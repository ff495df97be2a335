import { describe, expect, it } from 'vitest';
import { formatOffset, utcToZoned, zonedToUtc, zoneOffsetMinutes } from './zoned-time';

describe('zoned time', () => {
  it.each([
    // zone, UTC minute, wall clock there
    ['UTC', '2030-01-01 10:00', '2030-01-01T10:00'],
    ['Europe/Berlin', '2030-01-01 10:00', '2030-01-01T11:00'],
    ['Europe/Berlin', '2030-07-01 10:00', '2030-07-01T12:00'],
    ['America/New_York', '2030-01-01 03:30', '2029-12-31T22:30'],
    ['America/New_York', '2030-07-01 03:30', '2030-06-30T23:30'],
    ['Asia/Kolkata', '2030-02-28 20:00', '2030-03-01T01:30'],
    ['Pacific/Chatham', '2030-06-01 00:00', '2030-06-01T12:45'],
    ['Australia/Sydney', '2030-01-01 00:00', '2030-01-01T11:00'],
  ])('%s: %s UTC is %s, and back', (zone, utc, local) => {
    expect(utcToZoned(utc, zone)).toBe(local);
    expect(zonedToUtc(local, zone)).toBe(utc);
  });

  it('reads a time the clocks skip (Berlin, 2030-03-31 02:30) as just after the gap', () => {
    // 02:00 CET jumps to 03:00 CEST at 01:00 UTC; 02:30 with the winter offset is 01:30 UTC = 03:30 CEST.
    expect(zonedToUtc('2030-03-31T02:30', 'Europe/Berlin')).toBe('2030-03-31 01:30');
    expect(zonedToUtc('2030-03-31T03:00', 'Europe/Berlin')).toBe('2030-03-31 01:00');
  });

  it('reads a repeated time (New York, 2030-11-03 01:30) as its first occurrence', () => {
    expect(zonedToUtc('2030-11-03T01:30', 'America/New_York')).toBe('2030-11-03 05:30');
    expect(utcToZoned('2030-11-03 06:30', 'America/New_York')).toBe('2030-11-03T01:30');
  });

  it.each(['', '2030-02-30 10:00', '2030-01-01 24:00', '2030-1-1 10:00', 'tomorrow'])('refuses %j', (text) => {
    expect(utcToZoned(text, 'UTC')).toBeNull();
    expect(zonedToUtc(text.replace(' ', 'T'), 'UTC')).toBeNull();
  });

  it('gives offsets and writes them', () => {
    expect(zoneOffsetMinutes(Date.UTC(2030, 0, 1), 'America/New_York')).toBe(-300);
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-300)).toBe('UTC-05:00');
    expect(formatOffset(0)).toBe('UTC+00:00');
  });
});

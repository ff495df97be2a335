import { describe, expect, it } from 'vitest';
import { parseUtcMinute } from '../../shared/utc-time';
import { formatSpan, presetTiming, tomorrowAt9 } from './silence-presets';

const at = (utc: string) => parseUtcMinute(utc)!;

describe('tomorrowAt9', () => {
  it.each([
    ['UTC, mid-afternoon', 'UTC', '2030-01-10 15:00', '2030-01-11 09:00'],
    ['UTC, just after midnight: the next calendar day, not in 8 hours', 'UTC', '2030-01-10 00:30', '2030-01-11 09:00'],
    ['Berlin in winter (UTC+1)', 'Europe/Berlin', '2030-01-10 15:00', '2030-01-11 08:00'],
    // 23:30 UTC on the 10th is already 00:30 on the 11th in Berlin: its tomorrow is the 12th.
    ['Berlin, after local midnight but before UTC midnight', 'Europe/Berlin', '2030-01-10 23:30', '2030-01-12 08:00'],
    // 02:00 UTC on the 11th is still the 10th (21:00) in New York.
    ['New York, before UTC midnight there', 'America/New_York', '2030-01-11 02:00', '2030-01-11 14:00'],
    ['Kolkata (UTC+05:30)', 'Asia/Kolkata', '2030-01-10 12:00', '2030-01-11 03:30'],
    ['the month and year roll over', 'UTC', '2030-12-31 20:00', '2031-01-01 09:00'],
    // Berlin springs forward on 2030-03-31: 09:00 that day is CEST (UTC+2).
    ['across a DST change', 'Europe/Berlin', '2030-03-30 12:00', '2030-03-31 07:00'],
  ])('%s', (_, zone, now, want) => expect(tomorrowAt9(at(now), zone)).toBe(at(want)));
});

describe('presetTiming', () => {
  it('sends durations for the fixed lengths and an end for tomorrow morning', () => {
    const now = at('2030-01-10 15:00');
    expect(presetTiming('1h', now, 'UTC')).toEqual({ duration: 3600 });
    expect(presetTiming('4h', now, 'UTC')).toEqual({ duration: 14400 });
    expect(presetTiming('tomorrow-09', now, 'UTC')).toEqual({ end: at('2030-01-11 09:00') });
  });
});

describe('formatSpan', () => {
  it.each([
    [0, '0 min'],
    [59, '1 min'],
    [3600, '1 h'],
    [5400, '1 h 30 min'],
    [86400 + 4 * 3600 + 60, '1 d 4 h'],
  ])('%i s', (s, want) => expect(formatSpan(s)).toBe(want));
});

import { parseUtcMinute } from '../../shared/utc-time';
import { browserTimeZone, utcToZoned, zonedToUtc } from './zoned-time';

/** The quick silences offered on an incident. */
export const SILENCE_PRESETS = ['1h', '4h', 'tomorrow-09'] as const;
export type SilencePreset = (typeof SILENCE_PRESETS)[number];

/** The words of a preset's button. */
export const presetLabel: Record<SilencePreset, string> = { '1h': '1 h', '4h': '4 h', 'tomorrow-09': 'until tomorrow 09:00' };

const pad = (n: number) => String(n).padStart(2, '0');
const utcMinute = (t: number) => new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * 09:00 on the calendar day after `now` in `zone` (the person's own morning, not UTC's), as epoch
 * seconds. On a day whose 09:00 does not exist or repeats, zonedToUtc's reading applies.
 */
export function tomorrowAt9(now: number, zone = browserTimeZone()): number {
  const wall = utcToZoned(utcMinute(now), zone)!;
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const local = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}T09:00`;
  return parseUtcMinute(zonedToUtc(local, zone)!)!;
}

/**
 * What a preset sends: a duration for the fixed lengths (the service's clock starts it, so a skewed
 * browser clock does not shorten it), an end for "until tomorrow 09:00".
 */
export function presetTiming(p: SilencePreset, now: number, zone = browserTimeZone()): { duration: number } | { end: number } {
  if (p === '1h') return { duration: 3600 };
  if (p === '4h') return { duration: 4 * 3600 };
  return { end: tomorrowAt9(now, zone) };
}

/** "1 h 30 min", "2 d 4 h": the length of a silence for people. */
export function formatSpan(seconds: number): string {
  const m = Math.max(0, Math.round(seconds / 60));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const mi = m % 60;
  const parts = [d ? `${d} d` : '', h ? `${h} h` : '', mi || m === 0 ? `${mi} min` : ''].filter(Boolean);
  return parts.slice(0, 2).join(' ');
}

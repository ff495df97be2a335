import type { DemoServer } from './fleet';
import { noise } from './prng';

const DAY = 86_400;

/**
 * The daily load of a server at a minute, in [0, 1]: low at night, a peak in the (UTC) afternoon,
 * quieter at weekends. Batch servers peak at night instead. Smooth, so charts look like real traffic.
 */
export function dailyLoad(s: DemoServer, minute: number): number {
  const hour = ((minute % DAY) + DAY) % DAY / 3600;
  const peak = s.tier === 'batch' ? 2 : 15;
  const wave = 0.5 + 0.5 * Math.cos((2 * Math.PI * (hour - peak)) / 24);
  const weekday = new Date(minute * 1000).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.65 : 1;
  return (0.18 + 0.82 * wave ** 1.6) * weekend;
}

/** The load with a little per-minute noise, clamped to [0.02, 1]. */
export function noisyLoad(seed: number, s: DemoServer, minute: number): number {
  const l = dailyLoad(s, minute) + 0.04 * noise(seed, s.index, minute, 101);
  return Math.min(1, Math.max(0.02, l));
}

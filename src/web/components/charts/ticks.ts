import { baseFactor, integerUnit, type Unit } from './units';

/** A "nice" step (1, 2, 2.5 or 5 times a power of ten) giving about `count` steps up to `max`. */
export function niceStep(max: number, count: number, integer = false): number {
  const raw = max / Math.max(1, count);
  if (!(raw > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow;
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

/** Ticks from 0 to at least `max` in nice steps; integer steps when `integer` (counts never get 0.5). */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  const top = max > 0 && Number.isFinite(max) ? max : integer ? 1 : 1;
  const step = niceStep(top, count, integer);
  const out: number[] = [];
  for (let i = 0; i * step < top + step * 1e-9 || out.length < 2; i++) out.push(Number((i * step).toPrecision(12)));
  if (out[out.length - 1]! < top) out.push(Number((out.length * step).toPrecision(12)));
  return out;
}

/**
 * The y ticks of a chart of `unit` whose largest value is `max`: percentages 0-100 (wider only if a
 * value exceeds it); bytes and durations nice in the unit they are shown in (1024-based for bytes,
 * so 156 GB of free space gets ticks at 50 GB steps, not at 48.8 GB); counts whole.
 */
export function valueTicks(unit: Unit, max: number, count = 4): number[] {
  if (unit === 'percent') return max <= 100 ? [0, 25, 50, 75, 100] : niceTicks(max, count);
  const base = baseFactor(unit);
  if (!base) return niceTicks(max, count, integerUnit(unit));
  const inBase = max * base.factor;
  const k = base.family === 'bytes' ? 1024 : 1000;
  const scale = base.family === 'bytes' ? k ** Math.max(0, Math.floor(Math.log(Math.max(1, inBase)) / Math.log(k))) : durationScale(inBase);
  return niceTicks(inBase / scale, count).map((t) => (t * scale) / base.factor);
}

/** The duration unit (seconds per unit) a duration of `s` seconds is shown in. */
function durationScale(s: number): number {
  if (s >= 120) return 60;
  if (s >= 1) return 1;
  if (s >= 0.001) return 0.001;
  return 1e-6;
}

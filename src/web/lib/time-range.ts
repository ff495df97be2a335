import { TIME_STEPS, type TimeStep } from '../../shared/timeseries';

/** The global time range presets, longest last. */
export const PRESETS = { '1h': 3600, '6h': 6 * 3600, '24h': 86400, '7d': 7 * 86400, '30d': 30 * 86400 } as const;
export type Preset = keyof typeof PRESETS;
export const DEFAULT_PRESET: Preset = '24h';

/** A range as the URL holds it: a preset relative to now, or fixed epoch seconds. */
export type RangeSpec = { kind: 'relative'; preset: Preset } | { kind: 'absolute'; from: number; to: number };

/** The range and step view state read from the URL. */
export interface TimeView {
  spec: RangeSpec;
  /** An explicit step; absent means the step follows the range. */
  step?: TimeStep;
  /** Auto-refresh is on unless paused (absolute ranges never move, so they do not refresh). */
  paused: boolean;
}

/** A resolved window: both ends inclusive, aligned to the step, plus the step. */
export interface Window {
  from: number;
  to: number;
  step: TimeStep;
}

const isPreset = (v: string | null): v is Preset => v !== null && Object.hasOwn(PRESETS, v);
const isStep = (v: string | null): v is TimeStep => v !== null && Object.hasOwn(TIME_STEPS, v);
const epoch = (v: string | null) => (v !== null && /^\d{1,11}$/.test(v) ? Number(v) : null);

/** Reads the view from URL parameters `range`, `from`, `to`, `step`, `refresh`; bad values fall back to defaults. */
export function parseTimeView(p: URLSearchParams): TimeView {
  const from = epoch(p.get('from'));
  const to = epoch(p.get('to'));
  const range = p.get('range');
  const spec: RangeSpec =
    from !== null && to !== null && from < to
      ? { kind: 'absolute', from, to }
      : { kind: 'relative', preset: isPreset(range) ? range : DEFAULT_PRESET };
  const step = p.get('step');
  return { spec, step: isStep(step) ? step : undefined, paused: p.get('refresh') === 'off' };
}

/** Writes a view into URL parameters, leaving every other parameter as it is. */
export function writeTimeView(p: URLSearchParams, v: TimeView): URLSearchParams {
  const out = new URLSearchParams(p);
  for (const k of ['range', 'from', 'to', 'step', 'refresh']) out.delete(k);
  if (v.spec.kind === 'absolute') {
    out.set('from', String(v.spec.from));
    out.set('to', String(v.spec.to));
  } else if (v.spec.preset !== DEFAULT_PRESET) out.set('range', v.spec.preset);
  if (v.step) out.set('step', v.step);
  if (v.paused) out.set('refresh', 'off');
  return out;
}

/**
 * The step that keeps a chart between about 60 and 1,500 points: the API then sends what the chart can
 * show (10,080 minute rows for 7 days would cost seconds in Recharts and five pages of 2,500).
 */
export function stepFor(seconds: number): TimeStep {
  if (seconds <= 86400) return 'Minute';
  if (seconds <= 31 * 86400) return 'Hour';
  return 'Day';
}

/** The window of a view at `now` (epoch seconds): relative ranges end at the last whole minute. */
export function resolveTimeView(v: TimeView, now: number): Window {
  const raw = v.spec.kind === 'absolute' ? v.spec : { from: now - PRESETS[v.spec.preset], to: now };
  const step = v.step ?? stepFor(raw.to - raw.from);
  const s = TIME_STEPS[step];
  const to = Math.floor(raw.to / 60) * 60;
  // Align the start up to the step so Hour/Day points are whole buckets inside the range.
  const from = Math.ceil(raw.from / s) * s;
  return { from: Math.min(from, to), to, step };
}

/** The view with a relative range turned into its absolute times at `now`, for a link that shows the same data later. */
export function freezeTimeView(v: TimeView, now: number): TimeView {
  if (v.spec.kind === 'absolute') return v;
  const to = Math.floor(now / 60) * 60;
  return { ...v, spec: { kind: 'absolute', from: to - PRESETS[v.spec.preset], to }, paused: true };
}

/** The number of points a window holds at its step. */
export function pointCount(w: Window): number {
  return Math.floor((w.to - w.from) / TIME_STEPS[w.step]) + 1;
}

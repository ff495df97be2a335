/** What colours the cells. */
export const COLOUR_BYS = ['cpu', 'memory', 'disk', 'incidents'] as const;
export type ColourBy = (typeof COLOUR_BYS)[number];

/** Cells without a figure (no data yet, stopped). */
export const UNKNOWN = '#94a3b8';

// A sequential green-yellow-red scale; the stops are far enough apart in lightness to read in both themes.
const STOPS: readonly [number, [number, number, number]][] = [
  [0, [22, 163, 74]],
  [50, [234, 179, 8]],
  [75, [234, 88, 12]],
  [100, [185, 28, 28]],
];

const hex = (rgb: readonly number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour of a percentage (clamped to 0-100), interpolated between the scale's stops. */
export function percentColour(p: number): string {
  const v = Math.max(0, Math.min(100, p));
  for (let i = 1; i < STOPS.length; i++) {
    const [x1, c1] = STOPS[i]!;
    const [x0, c0] = STOPS[i - 1]!;
    if (v <= x1) {
      const f = (v - x0) / (x1 - x0);
      return hex(c0.map((c, k) => c + f * (c1[k]! - c)));
    }
  }
  return hex(STOPS[STOPS.length - 1]![1]);
}

/** Open incidents: none green, one orange, more red. */
export function incidentColour(n: number): string {
  return n <= 0 ? percentColour(0) : n === 1 ? percentColour(75) : percentColour(100);
}

/** The colour of a cell's figure under `by` (null: unknown). */
export function cellColour(by: ColourBy, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return UNKNOWN;
  return by === 'incidents' ? incidentColour(value) : percentColour(value);
}

/** The legend of `by`: swatches with their labels. */
export function legendOf(by: ColourBy): { colour: string; label: string }[] {
  const unknown = { colour: UNKNOWN, label: 'no data' };
  if (by === 'incidents') return [{ colour: incidentColour(0), label: 'none open' }, { colour: incidentColour(1), label: '1 open' }, { colour: incidentColour(2), label: '2 or more' }, unknown];
  return [0, 25, 50, 75, 100].map((p) => ({ colour: percentColour(p), label: `${p}%` })).concat(unknown);
}

/** The figure as people read it. */
export function formatFigure(by: ColourBy, value: number | null): string {
  if (value === null) return 'no data';
  return by === 'incidents' ? `${value} open incident${value === 1 ? '' : 's'}` : `${value.toFixed(1)}%`;
}

import { Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import { m4 } from './downsample';
import { MARK, seriesColor, useDarkMode } from './palette';

const KEYS = ['value'];

/**
 * A small line without axes for tables (one series, thinned to its width by M4 like every chart of
 * the family), with the chosen minute marked. Decorative: the row around it carries the figures.
 */
export default function Sparkline({ points, at = null, width = 160, height = 36 }: { points: readonly { time: number; value: number }[]; at?: number | null; width?: number; height?: number }) {
  const dark = useDarkMode();
  const rows = m4(points.map((p) => ({ time: p.time, value: p.value })), KEYS, width);
  const from = points[0]?.time ?? 0;
  const to = points.at(-1)?.time ?? from + 60;
  return (
    <div aria-hidden className="inline-block align-middle">
      <LineChart width={width} height={height} data={rows} margin={{ top: 3, right: 3, bottom: 3, left: 3 }} accessibilityLayer={false}>
        <XAxis dataKey="time" type="number" domain={[from, to]} hide />
        <YAxis type="number" domain={['auto', 'auto']} hide />
        {at !== null && <ReferenceLine x={at} stroke={dark ? MARK.chosen.dark : MARK.chosen.light} strokeDasharray="2 2" />}
        <Line dataKey="value" stroke={seriesColor(0, dark)} dot={false} isAnimationActive={false} strokeWidth={1.5} connectNulls />
      </LineChart>
    </div>
  );
}

// A bench-only page: one chart of `rows` minute rows drawn either naively (every row to Recharts) or
// through the dashboard's TimeChart (M4 to the pixel width). It records the time to the drawn lines.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import TimeChart from '../../../src/web/components/charts/time-chart';
import type { ChartRow } from '../../../src/web/components/charts/downsample';

const p = new URLSearchParams(location.search);
const n = Number(p.get('rows') ?? 1440);
const mode = p.get('mode') === 'm4' ? 'm4' : 'raw';
const charts = Number(p.get('charts') ?? 1);
const t0s = 1_700_000_000;
const rows: ChartRow[] = Array.from({ length: n }, (_, i) => ({ time: t0s + i * 60, a: 50 + 40 * Math.sin(i / 50) + ((i * 7919) % 13), b: 30 + 20 * Math.cos(i / 70) + ((i * 104729) % 7) }));
const series = [{ key: 'a', label: 'In' }, { key: 'b', label: 'Out' }];
const range = { from: t0s, to: t0s + (n - 1) * 60 };

function Naive() {
  return (
    <LineChart width={640} height={180} data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="time" type="number" scale="time" domain={[range.from, range.to]} fontSize={11} />
      <YAxis width={68} fontSize={11} />
      {series.map((s) => <Line key={s.key} dataKey={s.key} dot={false} isAnimationActive={false} strokeWidth={1.5} />)}
    </LineChart>
  );
}

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  // TimeChart reads the global range from the URL (drag to zoom writes it), so it needs a router.
  <MemoryRouter>
    <div style={{ width: 640 }}>
      {Array.from({ length: charts }, (_, i) => (mode === 'raw' ? <Naive key={i} /> : <TimeChart key={i} title={`Chart ${i}`} rows={rows} series={series} unit="number" range={range} />))}
    </div>
  </MemoryRouter>,
);
const w = window as unknown as { __benchMs?: number };
const done = () => [...document.querySelectorAll('path.recharts-line-curve')].filter((e) => (e.getAttribute('d') ?? '').length > 10).length >= charts * 2;
const poll = () => (done() ? requestAnimationFrame(() => (w.__benchMs = performance.now() - start)) : requestAnimationFrame(poll));
requestAnimationFrame(poll);

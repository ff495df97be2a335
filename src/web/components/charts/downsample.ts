/** A chart row: the time (epoch seconds) and any series values (null where a minute has none). */
export type ChartRow = { time: number } & Record<string, number | null | undefined>;

/**
 * M4 downsampling for several series sharing one time axis: per pixel column keep the first and last
 * row and, for each series, the rows holding its min and max. A line drawn from what remains is the
 * same at that width as the line of every row, at most 2 + 2 × series rows per column.
 */
export function m4<R extends ChartRow>(rows: readonly R[], keys: readonly string[], width: number): R[] {
  const cols = Math.max(1, Math.floor(width));
  if (rows.length <= cols * (2 + 2 * keys.length)) return rows.slice();
  const t0 = rows[0]!.time;
  const span = rows[rows.length - 1]!.time - t0 || 1;
  const keep = new Set<number>();
  let col = -1;
  let minI: number[] = [];
  let maxI: number[] = [];
  let first = 0;
  let last = 0;
  const flush = () => {
    if (col < 0) return;
    keep.add(first).add(last);
    for (const i of minI) if (i >= 0) keep.add(i);
    for (const i of maxI) if (i >= 0) keep.add(i);
  };
  rows.forEach((r, i) => {
    const c = Math.min(cols - 1, Math.floor(((r.time - t0) / span) * cols));
    if (c !== col) {
      flush();
      col = c;
      first = i;
      minI = keys.map(() => -1);
      maxI = keys.map(() => -1);
    }
    last = i;
    keys.forEach((k, j) => {
      const v = r[k];
      if (typeof v !== 'number') return;
      if (minI[j]! < 0 || v < (rows[minI[j]!]![k] as number)) minI[j] = i;
      if (maxI[j]! < 0 || v > (rows[maxI[j]!]![k] as number)) maxI[j] = i;
    });
  });
  flush();
  return [...keep].sort((a, b) => a - b).map((i) => rows[i]!);
}

/**
 * Largest-Triangle-Three-Buckets for one series: `threshold` points that keep the visual shape
 * (used where a single series must be thinned to fewer points than M4 keeps, e.g. sparklines).
 */
export function lttb(points: readonly { x: number; y: number }[], threshold: number): { x: number; y: number }[] {
  const n = points.length;
  if (threshold >= n || threshold < 3) return points.slice();
  const out = [points[0]!];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    const start = Math.floor((i + 1) * every) + 1;
    const end = Math.min(Math.floor((i + 2) * every) + 1, n);
    let ax = 0;
    let ay = 0;
    for (let j = start; j < end; j++) {
      ax += points[j]!.x;
      ay += points[j]!.y;
    }
    const len = Math.max(1, end - start);
    ax /= len;
    ay /= len;
    const rs = Math.floor(i * every) + 1;
    const re = Math.floor((i + 1) * every) + 1;
    const pa = points[a]!;
    let best = rs;
    let area = -1;
    for (let j = rs; j < re; j++) {
      const p = points[j]!;
      const s = Math.abs((pa.x - ax) * (p.y - pa.y) - (pa.x - p.x) * (ay - pa.y));
      if (s > area) {
        area = s;
        best = j;
      }
    }
    out.push(points[best]!);
    a = best;
  }
  out.push(points[n - 1]!);
  return out;
}

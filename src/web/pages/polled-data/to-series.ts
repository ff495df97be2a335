import type { Unit } from '../../components/charts/units';
import type { ChartRow } from '../../components/charts/downsample';

type PolledRec = { time: number; status?: string; values?: Record<string, readonly unknown[]> };

/** A run of equal statuses: from its first minute to the minute after its last. */
export interface StatusSegment {
  status: string;
  from: number;
  to: number;
}

/** Consecutive records of the same status merged into segments, in time order. */
export function statusSegments(records: readonly PolledRec[], step = 60): StatusSegment[] {
  const out: StatusSegment[] = [];
  for (const r of [...records].sort((a, b) => a.time - b.time)) {
    const status = r.status ?? 'UNKNOWN';
    const last = out.at(-1);
    if (last && last.status === status) last.to = r.time + step;
    else out.push({ status, from: r.time, to: r.time + step });
  }
  return out;
}

/** The value of a values entry: `val` for Minute data, `avg` for aggregates. */
function valueOf(entry: readonly unknown[] | undefined): number | null {
  const v = entry?.[1] as Record<string, unknown> | undefined;
  const n = v?.val ?? v?.avg;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** One chart per value name: rows in time order, its unit, and its latest warn/crit thresholds. */
export function valueCharts(records: readonly PolledRec[]): { name: string; unit: string; rows: ChartRow[]; warn?: number; crit?: number }[] {
  const sorted = [...records].sort((a, b) => a.time - b.time);
  const names = [...new Set(sorted.flatMap((r) => Object.keys(r.values ?? {})))].sort();
  return names.map((name) => {
    let unit = 'd';
    let warn: number | undefined;
    let crit: number | undefined;
    const rows = sorted.map((r) => {
      const e = r.values?.[name];
      if (e) {
        if (typeof e[2] === 'string') unit = e[2];
        const th = e[3] as { warn?: unknown; crit?: unknown } | undefined;
        if (typeof th?.warn === 'number') warn = th.warn;
        if (typeof th?.crit === 'number') crit = th.crit;
      }
      return { time: r.time, value: valueOf(e) } as ChartRow;
    });
    return { name, unit, rows, warn, crit };
  });
}

/** The chart unit of a Nagios perfdata UOM (s, ms, us, %, B, KB, MB, c); anything else is a plain number. */
export function polledUnit(uom: string): Unit {
  const map: Record<string, Unit> = { s: 'seconds', ms: 'ms', us: 'us', '%': 'percent', B: 'bytes', MB: 'mb', c: 'count' };
  return map[uom] ?? 'number';
}

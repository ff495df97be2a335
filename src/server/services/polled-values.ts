import type { PolledDataRecord, PolledValueEntry } from '../../shared/polled-data';
import type { PolledLimits, PolledMinuteRow } from '../store/repos/polled-data';

const limitsOf = (l: PolledLimits | null): PolledLimits | undefined => (l && Object.keys(l).length ? l : undefined);

function entry(name: string, value: { val: number } | { avg: number; sum: number; max: number; min: number }, unit: string, l: PolledLimits | null): PolledValueEntry {
  const limits = limitsOf(l);
  return limits ? [name, value, unit || 'd', limits] : [name, value, unit || 'd'];
}

/** A stored minute as the spec's record: values keyed by name, each [name, {val}, unit, thresholds?]. */
export function toMinuteRecord(row: PolledMinuteRow): PolledDataRecord {
  const values: Record<string, PolledValueEntry> = {};
  for (const [name, val, unit, limits] of row.values) values[name] = entry(name, { val }, unit, limits);
  return { time: row.time, status: row.status, text: row.text, values };
}

/**
 * Aggregates minute results into Hour or Day records (step in seconds): per value avg, sum, max and
 * min over the minutes that carry it; status and text are those of the latest minute of the step
 * (that is what the check said last). Records come newest first, like every T answer.
 */
export function aggregatePolled(rows: PolledMinuteRow[], step: number): PolledDataRecord[] {
  const groups = new Map<number, PolledMinuteRow[]>();
  for (const r of rows) {
    const t = Math.floor(r.time / step) * step;
    groups.set(t, [...(groups.get(t) ?? []), r]);
  }
  return [...groups.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([time, members]) => {
      const latest = members.reduce((a, b) => (b.time > a.time ? b : a));
      const acc = new Map<string, { sum: number; n: number; max: number; min: number; unit: string; limits: PolledLimits | null }>();
      for (const m of [...members].sort((a, b) => a.time - b.time)) {
        for (const [name, v, unit, limits] of m.values) {
          const a = acc.get(name);
          if (!a) acc.set(name, { sum: v, n: 1, max: v, min: v, unit, limits });
          else Object.assign(a, { sum: a.sum + v, n: a.n + 1, max: Math.max(a.max, v), min: Math.min(a.min, v), unit, limits });
        }
      }
      const values: Record<string, PolledValueEntry> = {};
      for (const [name, a] of acc) values[name] = entry(name, { avg: a.sum / a.n, sum: a.sum, max: a.max, min: a.min }, a.unit, a.limits);
      return { time, status: latest.status, text: latest.text, values };
    });
}

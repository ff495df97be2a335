import type { ChartRow } from './downsample';
import type { Unit } from './units';

/** A record field as a number: plain numbers, or the average of an Hour/Day aggregate ({avg,...}). */
export function numeric(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['avg', 'val', 'value']) if (typeof o[k] === 'number') return o[k] as number;
  }
  return null;
}

/** A per-part field (cpu_cores, disk, ...) as part -> number; empty when absent or not an object. */
export function parts(v: unknown): Record<string, number> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const n = numeric(x);
    if (n !== null) out[k] = n;
  }
  return out;
}

type Rec = { time: number } & Record<string, unknown>;

/** Rows of scalar fields in time order (the API answers newest first); missing values stay null. */
export function scalarRows(records: readonly Rec[], fields: readonly string[]): ChartRow[] {
  return [...records]
    .sort((a, b) => a.time - b.time)
    .map((r) => {
      const row: ChartRow = { time: r.time };
      for (const f of fields) row[f] = numeric(r[f]);
      return row;
    });
}

/**
 * Rows of a per-part field, one series per part, in time order. At most `maxParts` series (the parts
 * with the highest peaks), so a 64-core server stays readable.
 */
export function partRows(records: readonly Rec[], field: string, maxParts = 8): { rows: ChartRow[]; parts: string[] } {
  const peak = new Map<string, number>();
  const sorted = [...records].sort((a, b) => a.time - b.time);
  const perRow = sorted.map((r) => parts(r[field]));
  for (const p of perRow) for (const [k, v] of Object.entries(p)) peak.set(k, Math.max(peak.get(k) ?? -Infinity, v));
  const names = [...peak.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, maxParts).map(([k]) => k).sort();
  const rows = sorted.map((r, i) => {
    const row: ChartRow = { time: r.time };
    names.forEach((n, j) => (row[`p${j}`] = perRow[i]![n] ?? null));
    return row;
  });
  return { rows, parts: names };
}

/** A chart of the server page: one scalar group, or one per-part field. */
export type ChartSpec = { title: string; unit: Unit } & ({ fields: { key: string; label: string }[] } | { partField: string });

/** Every server data field, grouped into charts (spec: Server data record). */
export const SERVER_CHARTS: ChartSpec[] = [
  { title: 'CPU', unit: 'percent', fields: [{ key: 'cpu', label: 'CPU %' }] },
  { title: 'CPU per core', unit: 'percent', partField: 'cpu_cores' },
  { title: 'Memory used', unit: 'bytes', fields: [{ key: 'memory', label: 'Memory' }] },
  { title: 'Disk usage', unit: 'percent', fields: [{ key: 'disk_percent', label: 'Disk %' }] },
  { title: 'Disk usage per mount', unit: 'percent', partField: 'disk_percent_part' },
  { title: 'Free space per mount', unit: 'mb', partField: 'disk' },
  { title: 'Disk busy per device', unit: 'percent', partField: 'disk_busy' },
  { title: 'Network', unit: 'rate', fields: [{ key: 'socket_read', label: 'In' }, { key: 'socket_write', label: 'Out' }] },
  { title: 'Inbound per interface', unit: 'rate', partField: 'socket_read_part' },
  { title: 'Outbound per interface', unit: 'rate', partField: 'socket_write_part' },
  { title: 'Processes and threads', unit: 'count', fields: [{ key: 'process_num', label: 'Processes' }, { key: 'thread_num', label: 'Threads' }] },
  { title: 'Page faults', unit: 'count', fields: [{ key: 'page_faults', label: 'Page faults' }] },
  { title: 'File I/O', unit: 'rate', fields: [{ key: 'file_read', label: 'Read' }, { key: 'file_write', label: 'Write' }] },
  { title: 'Files, sockets, registry', unit: 'count', fields: [{ key: 'file_num', label: 'Files' }, { key: 'socket_num', label: 'Sockets' }, { key: 'registry_num', label: 'Registry' }] },
  { title: 'Responses', unit: 'count', fields: [{ key: 'response_num', label: 'Responses' }] },
  { title: 'Average response time', unit: 'us', fields: [{ key: 'avg_response_time', label: 'Avg response' }] },
];

/** The process data fields, grouped into charts (spec: Process data record). */
export const PROCESS_CHARTS: ChartSpec[] = [
  { title: 'CPU', unit: 'percent', fields: [{ key: 'cpu', label: 'CPU %' }] },
  { title: 'Memory', unit: 'bytes', fields: [{ key: 'memory', label: 'Memory' }] },
  { title: 'Network', unit: 'rate', fields: [{ key: 'socket_read', label: 'In' }, { key: 'socket_write', label: 'Out' }] },
  { title: 'File I/O', unit: 'rate', fields: [{ key: 'file_read', label: 'Read' }, { key: 'file_write', label: 'Write' }] },
  { title: 'Threads, sockets, files', unit: 'count', fields: [{ key: 'thread_num', label: 'Threads' }, { key: 'socket_num', label: 'Sockets' }, { key: 'file_num', label: 'Files' }] },
  { title: 'Page faults', unit: 'count', fields: [{ key: 'page_faults', label: 'Page faults' }] },
  { title: 'Logged incidents', unit: 'count', fields: [{ key: 'critical_log', label: 'Critical' }, { key: 'total_log', label: 'Total' }] },
  { title: 'Responses', unit: 'count', fields: [{ key: 'response_num', label: 'Responses' }] },
  { title: 'Average response time', unit: 'us', fields: [{ key: 'avg_response_time', label: 'Avg response' }] },
];

/** The application data fields (sums over the application's processes), grouped into charts (spec: Application data record). */
export const APPLICATION_CHARTS: ChartSpec[] = [
  { title: 'CPU', unit: 'percent', fields: [{ key: 'cpu', label: 'CPU %' }] },
  { title: 'Memory', unit: 'bytes', fields: [{ key: 'memory', label: 'Memory' }] },
  { title: 'Network', unit: 'rate', fields: [{ key: 'socket_read', label: 'In' }, { key: 'socket_write', label: 'Out' }] },
  { title: 'File I/O', unit: 'rate', fields: [{ key: 'file_read', label: 'Read' }, { key: 'file_write', label: 'Write' }] },
  { title: 'Processes and threads', unit: 'count', fields: [{ key: 'process_num', label: 'Processes' }, { key: 'thread_num', label: 'Threads' }] },
  { title: 'Files, sockets, registry', unit: 'count', fields: [{ key: 'file_num', label: 'Files' }, { key: 'socket_num', label: 'Sockets' }, { key: 'registry_num', label: 'Registry' }] },
  { title: 'Transactions and responses', unit: 'count', fields: [{ key: 'net_transact_num', label: 'Transactions' }, { key: 'response_num', label: 'Responses' }] },
  { title: 'Page faults', unit: 'count', fields: [{ key: 'page_faults', label: 'Page faults' }] },
];

/** The chart's rows and series from records; null when the records carry none of its fields. */
export function chartData(records: readonly Rec[], spec: ChartSpec): { rows: ChartRow[]; series: { key: string; label: string }[] } | null {
  if ('partField' in spec) {
    const { rows, parts: names } = partRows(records, spec.partField);
    return names.length ? { rows, series: names.map((n, j) => ({ key: `p${j}`, label: n })) } : null;
  }
  const present = spec.fields.filter((f) => records.some((r) => numeric(r[f.key]) !== null));
  return present.length ? { rows: scalarRows(records, present.map((f) => f.key)), series: present } : null;
}

/**
 * Rows of other records (a previous period) under the keys of series already chosen for `spec`, so
 * they line up with that chart: per-part series are matched by their part name (the label).
 */
export function rowsLike(records: readonly Rec[], spec: ChartSpec, series: readonly { key: string; label: string }[]): ChartRow[] {
  if (!('partField' in spec)) return scalarRows(records, series.map((s) => s.key));
  return [...records]
    .sort((a, b) => a.time - b.time)
    .map((r) => {
      const p = parts(r[spec.partField]);
      const row: ChartRow = { time: r.time };
      for (const s of series) row[s.key] = p[s.label] ?? null;
      return row;
    });
}

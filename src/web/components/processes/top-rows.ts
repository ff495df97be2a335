import type { SummaryRecord } from '../../api/processes';

/** One process of a minute as the top table shows it; usage missing for the minute is null. */
export interface TopRow {
  uid: string;
  name: string;
  pid: string;
  args: string;
  /** Percent of the server's CPU. */
  cpu: number | null;
  /** Bytes. */
  memory: number | null;
  /** File reads plus writes over the minute (bytes). */
  io: number | null;
  /** Network in plus out over the minute (bytes). */
  net: number | null;
  threads: number | null;
}

export const TOP_KEYS = ['cpu', 'memory', 'io', 'net', 'threads', 'name'] as const;
export type TopKey = (typeof TOP_KEYS)[number];
export interface TopSort {
  key: TopKey;
  dir: 'asc' | 'desc';
}
/** Like top: the busiest CPU first. */
export const DEFAULT_SORT: TopSort = { key: 'cpu', dir: 'desc' };
/** Rows shown before "Show all". */
export const TOP_N = 10;

const num = (r: SummaryRecord, f: string): number | null => {
  const v = r[f];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
const sum = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

/** A process summary record (GET /servers/{id}/processes/data/ at one minute) as a row of the top table. */
export function toTopRow(r: SummaryRecord): TopRow {
  const uid = r.uid;
  return {
    uid,
    name: r.name || uid,
    pid: uid.split('_')[1] ?? '',
    args: r.args ?? '',
    cpu: num(r, 'cpu'),
    memory: num(r, 'memory'),
    io: sum(num(r, 'file_read'), num(r, 'file_write')),
    net: sum(num(r, 'socket_read'), num(r, 'socket_write')),
    threads: num(r, 'thread_num'),
  };
}

/**
 * The rows sorted by `sort`: numbers with missing values last whatever the direction (a process
 * without a CPU value is not the busiest nor the idlest), ties by name then pid, so the order is stable.
 */
export function sortTop(rows: readonly TopRow[], sort: TopSort = DEFAULT_SORT): TopRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const tie = (a: TopRow, b: TopRow) => a.name.localeCompare(b.name) || Number(a.pid) - Number(b.pid);
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sign * tie(a, b);
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) return x === y ? tie(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || tie(a, b);
  });
}

/** What a header click does: a new column sorts descending (names ascending), the same column flips. */
export function nextSort(current: TopSort, key: TopKey): TopSort {
  if (current.key !== key) return { key, dir: key === 'name' ? 'asc' : 'desc' };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** The records of a minute as the table shows them: shaped, filtered by name or arguments, sorted, and the first TOP_N unless all. */
export function topView(records: readonly SummaryRecord[], opts: { sort?: TopSort; filter?: string; all?: boolean } = {}): { rows: TopRow[]; total: number } {
  const needle = (opts.filter ?? '').trim().toLowerCase();
  const shaped = records.map(toTopRow).filter((r) => !needle || r.name.toLowerCase().includes(needle) || r.args.toLowerCase().includes(needle));
  const sorted = sortTop(shaped, opts.sort);
  return { rows: opts.all ? sorted : sorted.slice(0, TOP_N), total: sorted.length };
}

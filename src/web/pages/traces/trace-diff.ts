import { EXTERNAL_UID, type TraceResponse } from '../../../shared/transaction-data';
import { callTime, slowestPath } from './to-elements';

/** What one edge (caller process -> called process) cost in one trace: its calls and their summed call time (see callTime). */
export interface EdgeStats {
  calls: number;
  time: number;
}

/** One edge of two traces compared; `a` or `b` is null where only the other trace has it. */
export interface EdgeDiff {
  key: string;
  from: string;
  to: string;
  a: EdgeStats | null;
  b: EdgeStats | null;
  /** Time of b minus a (seconds); null when the edge is in one trace only. */
  delta: number | null;
  /** New, gone, or a change of time past both the absolute and the relative bar. */
  changed: boolean;
  /** On the slowest path of a, of b. */
  slowA: boolean;
  slowB: boolean;
}

export interface TraceDiff {
  /** Changed edges first, then by the size of the change. */
  edges: EdgeDiff[];
  /** Ids of the transactions of each trace on a changed edge (to highlight them in its graph). */
  changedA: Set<number>;
  changedB: Set<number>;
}

/** A change smaller than this (seconds) or this share of the larger time is noise, not a change. */
export const DIFF_MIN_SECONDS = 0.001;
export const DIFF_MIN_RATIO = 0.2;

/**
 * A process named across traces: two traces of the same transaction run at different times, so pids
 * and process ids differ; what is the same is the program on its server (External stays External).
 */
function processNames(t: TraceResponse): Map<number, { key: string; label: string }> {
  return new Map(
    t.processes.map((p) => {
      if (p.uid === EXTERNAL_UID) return [p.id, { key: 'external', label: 'External' }];
      const server = p.serverNickName || p.serverHostName || `server ${p.serverId}`;
      return [p.id, { key: `${p.serverId}/${p.name}`, label: `${p.name} on ${server}` }];
    }),
  );
}

/** Each edge of a trace with its stats, and the edge key of each transaction. */
function edgesOf(t: TraceResponse) {
  const names = processNames(t);
  const slow = slowestPath(t);
  const edges = new Map<string, { from: string; to: string; stats: EdgeStats; slow: boolean }>();
  const keyOf = new Map<number, string>();
  for (const x of t.transactions) {
    const from = names.get(x.clientProcessId);
    const to = names.get(x.serverProcessId);
    if (!from || !to) continue;
    const key = `${from.key} -> ${to.key}`;
    keyOf.set(x.id, key);
    const e = edges.get(key) ?? { from: from.label, to: to.label, stats: { calls: 0, time: 0 }, slow: false };
    e.stats.calls++;
    e.stats.time += callTime(x).seconds;
    e.slow ||= slow.has(x.id);
    edges.set(key, e);
  }
  return { edges, keyOf };
}

/** Is a change from `a` to `b` seconds past both bars? */
export function isChange(a: number, b: number): boolean {
  const d = Math.abs(b - a);
  return d >= DIFF_MIN_SECONDS && d >= DIFF_MIN_RATIO * Math.max(Math.abs(a), Math.abs(b));
}

/** Compares two traces of the same transaction edge by edge (caller and called program on their servers). */
export function diffTraces(ta: TraceResponse, tb: TraceResponse): TraceDiff {
  const A = edgesOf(ta);
  const B = edgesOf(tb);
  const keys = [...new Set([...A.edges.keys(), ...B.edges.keys()])];
  const edges: EdgeDiff[] = keys.map((key) => {
    const a = A.edges.get(key);
    const b = B.edges.get(key);
    const delta = a && b ? b.stats.time - a.stats.time : null;
    const changed = !a || !b || isChange(a.stats.time, b.stats.time);
    return { key, from: (a ?? b)!.from, to: (a ?? b)!.to, a: a?.stats ?? null, b: b?.stats ?? null, delta, changed, slowA: a?.slow ?? false, slowB: b?.slow ?? false };
  });
  const size = (e: EdgeDiff) => (e.delta === null ? Math.max(e.a?.time ?? 0, e.b?.time ?? 0) : Math.abs(e.delta));
  edges.sort((x, y) => Number(y.changed) - Number(x.changed) || size(y) - size(x) || x.key.localeCompare(y.key));
  const changedKeys = new Set(edges.filter((e) => e.changed).map((e) => e.key));
  const changedIds = (m: Map<number, string>) => new Set([...m].filter(([, k]) => changedKeys.has(k)).map(([id]) => id));
  return { edges, changedA: changedIds(A.keyOf), changedB: changedIds(B.keyOf) };
}

import type { ElementDefinition } from 'cytoscape';
import { EXTERNAL_UID, type TraceResponse, type TraceTransaction } from '../../../shared/transaction-data';

/**
 * Latency of a transaction: the API's (already skew-proof and never negative), else client minus
 * server duration; never below 0, so the slowest path can never sum to a negative time.
 */
export const latencyOf = (t: TraceTransaction) => Math.max(0, t.latency ?? t.clientDuration - t.serverDuration);

/** The clock skew of each server of a trace against the initial process's server, as the API estimated it. */
export function serverSkews(trace: TraceResponse): { serverId: number; name: string; skew: number | null }[] {
  const out = new Map<number, { serverId: number; name: string; skew: number | null }>();
  for (const p of trace.processes) {
    if (p.uid === EXTERNAL_UID || out.has(p.serverId)) continue;
    out.set(p.serverId, { serverId: p.serverId, name: p.serverNickName || p.serverHostName, skew: p.clockSkew ?? null });
  }
  return [...out.values()];
}

/** A skew for people: "+2.00 s ahead", "in step", "unknown". */
export function formatSkew(s: number | null): string {
  if (s === null) return 'unknown (no logged pair)';
  if (Math.abs(s) < 0.0005) return 'in step';
  return `${formatSeconds(Math.abs(s))} ${s > 0 ? 'ahead' : 'behind'}`;
}

/** Seconds as a short label: "22.6 ms", "850 µs", "1.20 s". */
export function formatSeconds(s: number): string {
  const a = Math.abs(s);
  if (a >= 1) return `${s.toFixed(2)} s`;
  if (a >= 0.001) return `${(s * 1000).toFixed(1)} ms`;
  return `${Math.round(s * 1e6)} µs`;
}

/**
 * The slowest path: from the entry (a process nobody calls, the one whose calls take longest), follow
 * at each process its longest call (client duration), never revisiting a process. Calls are nested in
 * their caller's time, so this is where the request's time went. Returns transaction ids.
 */
export function slowestPath(trace: TraceResponse): Set<number> {
  const out = new Map<number, TraceTransaction[]>();
  const called = new Set<number>();
  for (const t of trace.transactions) {
    if (t.clientProcessId === t.serverProcessId) continue;
    out.set(t.clientProcessId, [...(out.get(t.clientProcessId) ?? []), t]);
    called.add(t.serverProcessId);
  }
  const longest = (pid: number) => (out.get(pid) ?? []).reduce<TraceTransaction | null>((m, t) => (!m || t.clientDuration > m.clientDuration ? t : m), null);
  const entries = [...out.keys()].filter((p) => !called.has(p));
  let at = entries.sort((a, b) => (longest(b)?.clientDuration ?? 0) - (longest(a)?.clientDuration ?? 0))[0] ?? trace.transactions[0]?.clientProcessId;
  const path = new Set<number>();
  const seen = new Set<number>();
  while (at !== undefined && !seen.has(at)) {
    seen.add(at);
    const next = longest(at);
    if (!next) break;
    path.add(next.id);
    at = next.serverProcessId;
  }
  return path;
}

/**
 * Cytoscape elements of a trace: a compound node per server holding its processes, the External node
 * on its own, and an edge per transaction (client to server) labelled with its latency; the slowest
 * path's edges and processes carry the class `slow`.
 */
export function traceToElements(trace: TraceResponse): ElementDefinition[] {
  const slow = slowestPath(trace);
  const slowProcs = new Set<number>();
  for (const t of trace.transactions) {
    if (!slow.has(t.id)) continue;
    slowProcs.add(t.clientProcessId);
    slowProcs.add(t.serverProcessId);
  }
  const els: ElementDefinition[] = [];
  const servers = new Map<number, string>();
  for (const p of trace.processes) {
    const external = p.uid === EXTERNAL_UID;
    if (!external && !servers.has(p.serverId)) servers.set(p.serverId, p.serverNickName || p.serverHostName || `Server ${p.serverId}`);
    const classes = [external ? 'external' : 'process', slowProcs.has(p.id) ? 'slow' : '', p.uid === trace.request.initialUid ? 'initial' : ''].filter(Boolean).join(' ');
    els.push({
      group: 'nodes',
      data: { id: `p${p.id}`, label: external ? 'External' : `${p.name}\n${p.pid}`, uid: p.uid, time: p.time, ...(external ? {} : { parent: `s${p.serverId}` }) },
      classes,
    });
  }
  for (const [id, label] of servers) els.unshift({ group: 'nodes', data: { id: `s${id}`, label }, classes: 'server' });
  const known = new Set(trace.processes.map((p) => p.id));
  for (const t of trace.transactions) {
    if (!known.has(t.clientProcessId) || !known.has(t.serverProcessId)) continue;
    els.push({
      group: 'edges',
      data: { id: `t${t.id}`, source: `p${t.clientProcessId}`, target: `p${t.serverProcessId}`, label: formatSeconds(latencyOf(t)) },
      classes: slow.has(t.id) ? 'slow' : '',
    });
  }
  return els;
}

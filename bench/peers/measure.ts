import { pool, p50 } from './http';
import type { Peer } from './peer';
import { cpuSeconds, pageFaults, settle } from './proc';

/** Wall clock (s) of an ingest and the service CPU (s) it cost, deferred work included; its database server's CPU (NaN without one). */
export interface Cost {
  wall: number;
  cpu: number;
  dbCpu: number;
  /** Page faults of the service meanwhile (minor, major): memory the system took back while it idled comes back this way. */
  faults: { minor: number; major: number };
}

const dbCpu = (peer: Peer) => peer.backing?.cpuSeconds() ?? NaN;

/**
 * Sends the bodies to one peer with `width` uploads in flight while the others are idle. The wall clock stops
 * at the last answer; CPU is counted until the peer is idle again, so work it defers (merges, alert evaluation)
 * is paid by the ingest that caused it.
 */
/** Waits until every peer and every peer's database server is idle (a database's checkpoint or autovacuum is another's noise). */
const settleAll = (all: Peer[]) => settle(all.map((p) => p.pid), undefined, undefined, all.flatMap((p) => (p.backing ? [() => p.backing!.cpuSeconds()] : [])));

export async function ingest(peer: Peer, all: Peer[], bodies: Buffer[], width: number): Promise<Cost> {
  await settleAll(all);
  const c0 = cpuSeconds(peer.pid);
  const f0 = pageFaults(peer.pid);
  const d0 = dbCpu(peer);
  const t0 = performance.now();
  await pool(bodies, width, (b) => peer.upload(b));
  const wall = (performance.now() - t0) / 1000;
  await settle([peer.pid]);
  const f1 = pageFaults(peer.pid);
  return { wall, cpu: cpuSeconds(peer.pid) - c0, dbCpu: dbCpu(peer) - d0, faults: { minor: f1.minor - f0.minor, major: f1.major - f0.major } };
}

/** A read repeated one request at a time: p50 of the client's round trip, service CPU per request, answer size. */
export interface Reading {
  p50: number;
  cpuMs: number;
  /** Its database server's CPU per request (NaN without one). */
  dbCpuMs: number;
  size: string;
}

export async function read(peer: Peer, all: Peer[], path: string, times: number): Promise<Reading> {
  await settleAll(all);
  const first = await peer.get(path); // a warm-up, and the answer's size
  const ms: number[] = [];
  const c0 = cpuSeconds(peer.pid);
  const d0 = dbCpu(peer);
  for (let k = 0; k < times; k++) ms.push((await peer.get(path)).ms);
  const perRequest = (s: number) => (s * 1000) / times;
  return { p50: p50(ms), cpuMs: perRequest(cpuSeconds(peer.pid) - c0), dbCpuMs: perRequest(dbCpu(peer) - d0), size: peer.size(first) };
}

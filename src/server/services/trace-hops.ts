import type { Hop } from '../store/repos/traces';

/** Clock skew tolerated between servers when pairing the two sides of a transaction, seconds. */
export const SKEW = 1;

export const minuteOf = (t: number) => Math.floor(t / 60) * 60;

/** The interval a hop covers: a message its exact span, a connection its whole minute. */
export function span(h: Hop): [number, number] {
  return h.kind === 'message' ? [h.start, h.start + h.duration] : [h.minute, h.minute + 59.999];
}

/** Whether a hop starts within the window (messages, with skew) or falls in its minutes (connections). */
export function withinWindow(h: Hop, [a, b]: [number, number]): boolean {
  if (h.kind === 'message') return h.start >= a - SKEW && h.start <= b + SKEW;
  return h.minute >= minuteOf(a) && h.minute <= minuteOf(b);
}

const sameSocket = (ip: string, port: number, ip2: string, port2: number) => ip === ip2 && port === port2;

/**
 * Of `candidates`, the best other side of `h`: the opposite role, its own socket being h's peer and its
 * peer being h's own socket; messages (exact times) before connections, then the nearest start.
 */
export function bestCounterpart(h: Hop, candidates: Hop[]): Hop | null {
  const role = h.role === 'client' ? 'server' : 'client';
  let best: Hop | null = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c.role !== role || (c.kind === h.kind && c.id === h.id)) continue;
    if (!sameSocket(c.localIp, c.localPort, h.peerIp, h.peerPort) || !sameSocket(c.peerIp, c.peerPort, h.localIp, h.localPort)) continue;
    const score = c.kind === 'message' && h.kind === 'message'
      ? Math.abs(c.start - h.start)
      : 1000 + Math.abs(c.minute - h.minute) + (c.kind === 'message' ? 0 : 1);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Client hops of a process's window, dropping a connection whose socket pair a message already covers. */
export function outgoing(hops: Hop[], window: [number, number]): Hop[] {
  const inWindow = hops.filter((h) => h.role === 'client' && withinWindow(h, window));
  const covered = new Set(inWindow.filter((h) => h.kind === 'message').map((h) => `${h.localIp}:${h.localPort}>${h.peerIp}:${h.peerPort}`));
  return inWindow
    .filter((h) => h.kind === 'message' || !covered.has(`${h.localIp}:${h.localPort}>${h.peerIp}:${h.peerPort}`))
    .sort((x, y) => x.start - y.start || x.id - y.id);
}

/** The incoming request of a process in progress at `time` (the latest server-side message enclosing it). */
export function enclosingRequest(hops: Hop[], time: number): Hop | null {
  let best: Hop | null = null;
  for (const h of hops) {
    if (h.kind !== 'message' || h.role !== 'server') continue;
    if (h.start > time + SKEW || h.start + h.duration < time - SKEW) continue;
    if (!best || h.start > best.start) best = h;
  }
  return best;
}

/** The message of the wanted type nearest to `time`. */
export function nearestMessage(hops: Hop[], time: number, type: 'url' | 'sql'): Hop | null {
  let best: Hop | null = null;
  for (const h of hops) {
    if (h.kind !== 'message' || h.logType !== type) continue;
    if (!best || Math.abs(h.start - time) < Math.abs(best.start - time)) best = h;
  }
  return best;
}

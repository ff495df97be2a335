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

/** Of `candidates`, the other sides of `h`: the opposite role, own socket = h's peer and peer = h's own socket. */
export function counterparts(h: Hop, candidates: Hop[]): Hop[] {
  const role = h.role === 'client' ? 'server' : 'client';
  return candidates.filter(
    (c) =>
      c.role === role &&
      !(c.kind === h.kind && c.id === h.id) &&
      sameSocket(c.localIp, c.localPort, h.peerIp, h.peerPort) &&
      sameSocket(c.peerIp, c.peerPort, h.localIp, h.localPort),
  );
}

/**
 * The best other side of `h`: between two messages the nearest start; otherwise a message starting
 * within `near` (the span of the request being traced) closest to its beginning, then any message,
 * then a connection of the nearest minute.
 */
export function bestCounterpart(h: Hop, candidates: Hop[], near?: [number, number]): Hop | null {
  const score = (c: Hop) => {
    if (c.kind === 'message' && h.kind === 'message') return Math.abs(c.start - h.start);
    if (c.kind === 'message' && near) {
      const inside = c.start >= near[0] - SKEW && c.start <= near[1] + SKEW;
      return (inside ? 0 : 1e6) + Math.abs(c.start - near[0]);
    }
    return 1e7 + Math.abs(c.minute - h.minute) + (c.kind === 'message' ? 0 : 1);
  };
  let best: Hop | null = null;
  let bestScore = Infinity;
  for (const c of counterparts(h, candidates)) {
    const sc = score(c);
    if (sc < bestScore) {
      best = c;
      bestScore = sc;
    }
  }
  return best;
}

/**
 * Within a request of known span, a connection (a whole minute of a socket) belongs to the request
 * only if the far side logged a message on that socket within the span; when the far side logs no
 * messages at all, the connection is kept but not followed further (nothing says which of its calls
 * this request made).
 */
export function pairInSpan(h: Hop, candidates: Hop[], window: [number, number]): { hop: Hop; leaf: boolean } | null {
  const sides = counterparts(h, candidates);
  const messages = sides.filter((c) => c.kind === 'message');
  if (messages.length === 0) {
    const c = bestCounterpart(h, sides);
    return c ? { hop: c, leaf: true } : null;
  }
  const inside = messages.filter((c) => c.start >= window[0] - SKEW && c.start <= window[1] + SKEW);
  const c = bestCounterpart(h, inside, window);
  return c ? { hop: c, leaf: false } : null;
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

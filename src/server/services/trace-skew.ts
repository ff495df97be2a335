/** One side of a transaction as its own server's clock saw it: start (epoch seconds) and duration. */
export interface Side {
  start: number;
  duration: number;
  /** A logged message (its own start and duration); false for a connection's per-minute average. */
  exact: boolean;
}

/**
 * The NTP-style offset of the server's clock from the client's, from one request/response pair: the
 * request left the client at c0 and reached the server at s0, the answer left at s1 and came back at
 * c1; assuming both directions take as long, offset = ((s0 - c0) + (s1 - c1)) / 2.
 */
export function offsetSample(client: Side, server: Side): number {
  const c1 = client.start + client.duration;
  const s1 = server.start + server.duration;
  return (server.start - client.start + (s1 - c1)) / 2;
}

/** The median of non-empty `xs` (robust to a stray pair). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Per-server clock skew relative to `reference` (skew 0), from offset samples between servers: the
 * median offset of each pair of servers, chained outwards from the reference (breadth first), so a
 * server is placed by the pair nearest the reference. Servers no sample reaches get no skew.
 */
export function estimateSkews(samples: readonly { client: number; server: number; offset: number }[], reference: number): Map<number, number> {
  const byPair = new Map<string, number[]>();
  for (const s of samples) {
    if (s.client === s.server) continue;
    // One key per unordered pair, offsets as "second minus first".
    const [a, b, o] = s.client < s.server ? [s.client, s.server, s.offset] : [s.server, s.client, -s.offset];
    const k = `${a}>${b}`;
    byPair.set(k, [...(byPair.get(k) ?? []), o]);
  }
  const edges = new Map<number, { to: number; offset: number }[]>();
  for (const [k, os] of byPair) {
    const [a, b] = k.split('>').map(Number) as [number, number];
    const o = median(os);
    edges.set(a, [...(edges.get(a) ?? []), { to: b, offset: o }]);
    edges.set(b, [...(edges.get(b) ?? []), { to: a, offset: -o }]);
  }
  const skew = new Map<number, number>([[reference, 0]]);
  const queue = [reference];
  while (queue.length) {
    const at = queue.shift()!;
    for (const e of edges.get(at) ?? []) {
      if (skew.has(e.to)) continue;
      skew.set(e.to, skew.get(at)! + e.offset);
      queue.push(e.to);
    }
  }
  return skew;
}

/**
 * The request's way (client send to server receive) on the reference clock, when both sides are logged
 * exactly and both skews are known: server start minus client start after removing each skew, kept
 * within [0, the call's latency (client minus server duration, or 0 when that is negative)]: a pair
 * that falls outside says the skew estimate does not fit it.
 */
export function requestWay(client: Side, server: Side, clientSkew: number | undefined, serverSkew: number | undefined): number | undefined {
  if (!client.exact || !server.exact || clientSkew === undefined || serverSkew === undefined) return undefined;
  const way = server.start - serverSkew - (client.start - clientSkew);
  return Math.min(Math.max(0, client.duration - server.duration), Math.max(0, way));
}

import type { DemoServer, Fleet, Tier } from './fleet';
import { serversOfTier } from './fleet';
import { dailyLoad } from './load';
import { activeIncident } from './incidents';
import { hash, noise, rand } from './prng';

/** A client-to-server relation between two demo servers, or from the outside world (client null). */
export interface Link {
  client: DemoServer | null;
  server: DemoServer;
}

/** One socket of a link during a minute, with the traffic both ends agree on. */
export interface LinkSocket {
  clientIp: string;
  clientPort: number;
  serverIp: string;
  serverPort: number;
  requests: number;
  /** Bytes client -> server and server -> client. */
  up: number;
  down: number;
  /** Average response time in microseconds as the server measures it. */
  latencyUs: number;
}

/** Which tiers each tier calls. */
const CALLS: Partial<Record<Tier, Tier[]>> = { lb: ['web'], web: ['app', 'dc'], app: ['db', 'cache'], batch: ['db'] };
/** Tiers that take requests from the outside world. */
const PUBLIC: Tier[] = ['lb', 'mail'];
const POOL = 2;
const EXTERNAL_SOCKETS = 3;

interface Topology {
  out: Map<number, Link[]>;
  in: Map<number, Link[]>;
}
const cache = new WeakMap<Fleet, Topology>();

function build(fleet: Fleet): Topology {
  const out = new Map<number, Link[]>();
  const inc = new Map<number, Link[]>();
  const add = (l: Link) => {
    if (l.client) out.set(l.client.index, [...(out.get(l.client.index) ?? []), l]);
    inc.set(l.server.index, [...(inc.get(l.server.index) ?? []), l]);
  };
  const has = (t: Tier) => serversOfTier(fleet, t).length > 0;
  for (const s of fleet.servers) {
    const fromOutside = PUBLIC.includes(s.tier) || (s.tier === 'web' && !has('lb')) || (s.tier === 'app' && !has('web') && !has('lb'));
    if (fromOutside) add({ client: null, server: s });
    const k = serversOfTier(fleet, s.tier).indexOf(s);
    for (const t of CALLS[s.tier] ?? []) {
      // Only the Windows web servers authenticate against the directory.
      if (t === 'dc' && s.os !== 'Windows') continue;
      const targets = serversOfTier(fleet, t);
      const n = Math.min(2, targets.length);
      for (let j = 0; j < n; j++) add({ client: s, server: targets[(k + j) % targets.length]! });
    }
  }
  return { out, in: inc };
}

function topology(fleet: Fleet): Topology {
  let t = cache.get(fleet);
  if (!t) cache.set(fleet, (t = build(fleet)));
  return t;
}

/** Links where `s` is the client. */
export function outgoing(fleet: Fleet, s: DemoServer): Link[] {
  return topology(fleet).out.get(s.index) ?? [];
}
/** Links where `s` is the server (including the outside world's). */
export function incoming(fleet: Fleet, s: DemoServer): Link[] {
  return topology(fleet).in.get(s.index) ?? [];
}

const BASE_RATE: Partial<Record<Tier, number>> = { lb: 1800, web: 900, app: 600, db: 900, cache: 2400, dc: 60, mail: 40 };
const BASE_LATENCY_US: Partial<Record<Tier, number>> = { lb: 90_000, web: 70_000, app: 45_000, db: 4_000, cache: 400, dc: 2_500, mail: 300_000 };

/** The ephemeral port of socket j of a link; pools are recycled every hour. */
export function clientPort(seed: number, l: Link, minute: number, j: number): number {
  const c = l.client ? l.client.index : 100_000;
  return 32_768 + (hash(seed, c, l.server.index, Math.floor(minute / 3600), j) % 28_000);
}

function externalIp(seed: number, l: Link, minute: number, j: number): string {
  const h = hash(seed, l.server.index, minute, j, 77);
  return `${h % 2 ? '203.0.113' : '198.51.100'}.${(h >>> 8) % 254 + 1}`;
}

/** The sockets of a link during a minute; both ends compute the same list. */
export function linkSockets(fleet: Fleet, l: Link, minute: number): LinkSocket[] {
  const seed = fleet.seed;
  const load = dailyLoad(l.server, minute);
  const slow = activeIncident(fleet, 'cpu_spike', l.server, minute) ? 6 : 1;
  const rate = BASE_RATE[l.server.tier] ?? 100;
  const n = l.client ? POOL : EXTERNAL_SOCKETS;
  const out: LinkSocket[] = [];
  for (let j = 0; j < n; j++) {
    const requests = Math.max(1, Math.round(((rate * load) / n) * (1 + 0.15 * noise(seed, l.server.index, minute, j, 13))));
    const latency = (BASE_LATENCY_US[l.server.tier] ?? 20_000) * (0.6 + 0.8 * load) * slow * (0.9 + 0.2 * rand(seed, l.server.index, minute, j, 17));
    out.push({
      clientIp: l.client ? l.client.ip : externalIp(seed, l, minute, j),
      clientPort: l.client ? clientPort(seed, l, minute, j) : 1024 + (hash(seed, l.server.index, minute, j, 78) % 64_000),
      serverIp: l.server.ip,
      serverPort: l.server.port,
      requests,
      up: requests * (l.server.tier === 'db' ? 380 : 620),
      down: requests * (l.server.tier === 'cache' ? 900 : 4_800),
      latencyUs: Math.round(latency),
    });
  }
  return out;
}

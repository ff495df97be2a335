import { createSocket } from 'node:dgram';
import type { z } from 'zod';
import type { statsdFlush } from '../../shared/ingest';

export type StatsdFlush = z.infer<typeof statsdFlush>;

/** One parsed StatsD metric line. */
export interface StatsdMetric {
  name: string;
  type: 'counter' | 'gauge' | 'time' | 'set';
  /** Numeric value; for sets the member as text in `member`. */
  value: number;
  member?: string;
  /** Gauges written "+n" or "-n" change the current value instead of setting it. */
  delta?: boolean;
  rate: number;
}

const TYPES: Record<string, StatsdMetric['type']> = { c: 'counter', g: 'gauge', ms: 'time', h: 'time', d: 'time', s: 'set' };

/** Parses one line `name:value|type[|@rate][|#tags]`; null for anything malformed. */
export function parseStatsdLine(line: string): StatsdMetric | null {
  const m = /^([^:|]{1,256}):([^|]*)\|([a-z]{1,2})((?:\|[^|]*)*)$/.exec(line.trim());
  if (!m) return null;
  const type = TYPES[m[3]!];
  if (!type) return null;
  let rate = 1;
  for (const part of m[4]!.split('|').slice(1)) {
    if (part.startsWith('@')) {
      rate = Number(part.slice(1));
      if (!(rate > 0 && rate <= 1)) return null;
    }
  }
  const raw = m[2]!;
  if (type === 'set') return raw ? { name: m[1]!, type, value: 0, member: raw, rate } : null;
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) return null;
  return { name: m[1]!, type, value, rate, ...(type === 'gauge' && /^[+-]/.test(raw) ? { delta: true } : {}) };
}

/** Parses a datagram of newline-separated lines, keeping the valid ones. */
export function parseStatsdPacket(text: string): StatsdMetric[] {
  return text.split('\n').map(parseStatsdLine).filter((x): x is StatsdMetric => x !== null);
}

/**
 * Aggregates metrics between flushes, as statsd does: counters sum value/rate, gauges keep their value
 * across flushes (so +/- deltas apply to it) and are flushed when touched, timers give the mean in ms,
 * sets count distinct members.
 */
export class StatsdAggregator {
  private counters = new Map<string, { sum: number; n: number }>();
  private timers = new Map<string, { sum: number; n: number }>();
  private sets = new Map<string, Set<string>>();
  private readonly gauges = new Map<string, number>();
  private touched = new Map<string, number>();
  /** Metrics received since the start. */
  received = 0;

  add(m: StatsdMetric): void {
    this.received++;
    if (m.type === 'counter') {
      const c = this.counters.get(m.name) ?? { sum: 0, n: 0 };
      c.sum += m.value / m.rate;
      c.n++;
      this.counters.set(m.name, c);
    } else if (m.type === 'time') {
      const t = this.timers.get(m.name) ?? { sum: 0, n: 0 };
      t.sum += m.value;
      t.n++;
      this.timers.set(m.name, t);
    } else if (m.type === 'set') {
      const s = this.sets.get(m.name) ?? new Set<string>();
      if (s.size < 100_000) s.add(m.member ?? '');
      this.sets.set(m.name, s);
    } else {
      const v = m.delta ? (this.gauges.get(m.name) ?? 0) + m.value : m.value;
      this.gauges.set(m.name, v);
      this.touched.set(m.name, (this.touched.get(m.name) ?? 0) + 1);
    }
  }

  /** Returns the aggregates since the last flush and starts a new interval. */
  flush(): StatsdFlush[] {
    const out: StatsdFlush[] = [];
    for (const [name, c] of this.counters) out.push({ name, type: 'counter', value: c.sum, count: c.n });
    for (const [name, t] of this.timers) out.push({ name, type: 'time', value: t.sum / t.n, count: t.n });
    for (const [name, s] of this.sets) out.push({ name, type: 'set', value: s.size, count: s.size });
    for (const [name, n] of this.touched) out.push({ name, type: 'gauge', value: this.gauges.get(name) ?? 0, count: n });
    this.counters = new Map();
    this.timers = new Map();
    this.sets = new Map();
    this.touched = new Map();
    return out;
  }
}

/** Listens for StatsD datagrams on a UDP port and feeds the aggregator. */
export async function listenStatsd(agg: StatsdAggregator, port = 8125, host = '0.0.0.0'): Promise<{ port: number; close(): Promise<void> }> {
  const sock = createSocket({ type: 'udp4', reuseAddr: true });
  sock.on('message', (buf) => {
    for (const m of parseStatsdPacket(buf.toString('utf8'))) agg.add(m);
  });
  await new Promise<void>((resolve, reject) => {
    sock.once('error', reject);
    sock.bind(port, host, () => {
      sock.off('error', reject);
      sock.on('error', () => undefined);
      resolve();
    });
  });
  return { port: sock.address().port, close: () => new Promise<void>((r) => sock.close(() => r())) };
}

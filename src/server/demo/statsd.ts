import type { Batch } from '../../shared/ingest';
import type { DemoServer, Fleet } from './fleet';
import { activeIncident } from './incidents';
import { rand } from './prng';

/** The StatsD flushes of a minute: request counters, latency timers and gauges of the services. */
export function statsdFlushes(fleet: Fleet, s: DemoServer, minute: number, requests: number, latencyUs: number): Batch['statsd'] {
  const seed = fleet.seed;
  const host = s.hostname.replace(/\./g, '_');
  if (s.tier === 'app' || s.tier === 'web') {
    const spike = activeIncident(fleet, 'cpu_spike', s, minute) ? 0.08 : 0.002;
    const errors = Math.round(requests * spike * (0.5 + rand(seed, s.index, minute, 71)));
    return [
      { name: `shop.${host}.requests`, type: 'counter', value: requests, count: requests },
      { name: `shop.${host}.errors`, type: 'counter', value: errors, count: Math.max(1, errors) },
      { name: `shop.${host}.latency`, type: 'time', value: Math.round(latencyUs / 10) / 100, count: Math.max(1, requests) },
      { name: `shop.${host}.queue_depth`, type: 'gauge', value: Math.round(requests / 200 + 10 * rand(seed, s.index, minute, 72)), count: 1 },
      { name: `shop.${host}.active_users`, type: 'set', value: Math.round(requests / 4), count: requests },
    ];
  }
  if (s.tier === 'cache') {
    return [
      { name: `cache.${host}.hit_ratio`, type: 'gauge', value: Math.round((0.9 + 0.08 * rand(seed, s.index, minute, 73)) * 1000) / 1000, count: 1 },
      { name: `cache.${host}.ops`, type: 'counter', value: requests, count: requests },
    ];
  }
  return [];
}

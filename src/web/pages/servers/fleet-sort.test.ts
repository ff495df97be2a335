import { describe, expect, it } from 'vitest';
import type { Server } from '../../../shared/servers';
import { HEALTHY, type ServerHealth } from './fleet-health';
import { fleetMetrics, nextSort, parseFleetSort, sortFleet, worstMetric, type FleetMetrics } from './fleet-sort';

const srv = (id: number, hostname: string, nickname = ''): Server => ({
  id, hostname, nickname, os: 'Linux', running: true, created: 0, description: '', url: '', capacity_mem: 1000, capacity_cpu_num: 0,
  capacity_cpu_freq: 0, capacity_disks: {}, current_version: 1, location_ip: '', os_detail: '', arch: '', guid: String(id), network_interfaces: [],
});
const fleet = [srv(1, 'web-b'), srv(2, 'db'), srv(3, 'web-a'), srv(4, 'zz', 'alpha')];
const m: Record<number, FleetMetrics> = {
  1: { cpu: 50, memBytes: 100, mem: 10, disk: 70 },
  2: { cpu: null, memBytes: null, mem: null, disk: null },
  3: { cpu: 90, memBytes: 900, mem: 90, disk: 70 },
  4: { cpu: 50, memBytes: 500, mem: 50, disk: 10 },
};
const order = (p: string) => sortFleet(fleet, parseFleetSort(new URLSearchParams(p)), (s) => m[s.id]!).map((s) => s.id);

describe('sortFleet', () => {
  // Shown names: 1 web-b, 2 db, 3 web-a, 4 alpha (its nickname).
  it.each([
    ['sort=name', [4, 2, 3, 1]],
    ['sort=name&dir=desc', [1, 3, 2, 4]],
    ['sort=cpu', [3, 4, 1, 2]], // ties (50) by name, unknown last
    ['sort=cpu&dir=asc', [4, 1, 3, 2]], // unknown last in both directions
    ['sort=memory', [3, 4, 1, 2]],
    ['sort=memory&dir=asc', [1, 4, 3, 2]],
    ['sort=disk', [3, 1, 4, 2]],
  ])('%s', (p, want) => expect(order(p)).toEqual(want));
});

describe('sortFleet, unhealthy first', () => {
  // 1 web-b and 3 web-a are in incident; 3's began later, so it leads; the healthy follow by name.
  const health: Record<number, ServerHealth> = { 1: { count: 2, latest: 1000 }, 3: { count: 1, latest: 2000 } };
  const byHealth = (p: string, h = health) =>
    sortFleet(fleet, parseFleetSort(new URLSearchParams(p)), (s) => m[s.id]!, (s) => h[s.id] ?? HEALTHY).map((s) => s.id);
  it.each([
    ['', [3, 1, 4, 2]], // the default
    ['sort=incidents', [3, 1, 4, 2]],
    ['sort=bogus&dir=up', [3, 1, 4, 2]],
    ['sort=incidents&dir=asc', [4, 2, 3, 1]], // healthy first, by name
  ])('%s', (p, want) => expect(byHealth(p)).toEqual(want));
  it('orders servers of the same start by count, then name; with no incident anywhere it is the name order', () => {
    expect(byHealth('', { 1: { count: 1, latest: 5 }, 3: { count: 1, latest: 5 }, 2: { count: 3, latest: 5 } })).toEqual([2, 3, 1, 4]);
    expect(byHealth('', {})).toEqual([4, 2, 3, 1]);
  });
  it('puts a server whose incident is not in the open list yet (latest Infinity) above one with more incidents', () => {
    const inf = Number.POSITIVE_INFINITY;
    expect(byHealth('', { 1: { count: 3, latest: 5000 }, 4: { count: 1, latest: inf } })).toEqual([4, 1, 2, 3]);
    expect(byHealth('', { 1: { count: 1, latest: inf }, 4: { count: 2, latest: inf } })).toEqual([4, 1, 2, 3]);
  });
});

describe('parseFleetSort and nextSort', () => {
  it('figures start descending, names ascending; a second click flips', () => {
    expect(parseFleetSort(new URLSearchParams('sort=disk'))).toEqual({ key: 'disk', dir: 'desc' });
    expect(parseFleetSort(new URLSearchParams(''))).toEqual({ key: 'incidents', dir: 'desc' });
    expect(nextSort({ key: 'incidents', dir: 'desc' }, 'incidents')).toEqual({ key: 'incidents', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'incidents')).toEqual({ key: 'incidents', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'cpu')).toEqual({ key: 'cpu', dir: 'desc' });
    expect(nextSort({ key: 'cpu', dir: 'desc' }, 'cpu')).toEqual({ key: 'cpu', dir: 'asc' });
    expect(nextSort({ key: 'cpu', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });
});

describe('fleetMetrics', () => {
  it('reads plain and aggregate values and memory against capacity', () => {
    expect(fleetMetrics({ capacity_mem: 2000 }, { cpu: 12.5, memory: { avg: 500 }, disk_percent: 40 })).toEqual({ cpu: 12.5, memBytes: 500, mem: 25, disk: 40 });
    expect(fleetMetrics({ capacity_mem: 0 }, { memory: 500 })).toEqual({ cpu: null, memBytes: 500, mem: null, disk: null });
    expect(fleetMetrics({ capacity_mem: 2000 }, undefined).cpu).toBeNull();
  });
});

describe('worstMetric', () => {
  it('picks the fullest known figure, the first on a tie, none when nothing is known', () => {
    expect(worstMetric({ cpu: 20, memBytes: 1, mem: 81.5, disk: 40 })).toEqual({ label: 'Memory', value: 81.5 });
    expect(worstMetric({ cpu: null, memBytes: null, mem: null, disk: 7 })).toEqual({ label: 'Disk', value: 7 });
    expect(worstMetric({ cpu: 50, memBytes: null, mem: null, disk: 50 })).toEqual({ label: 'CPU', value: 50 });
    expect(worstMetric({ cpu: null, memBytes: null, mem: null, disk: null })).toBeNull();
  });
});

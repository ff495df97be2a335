import { describe, expect, it } from 'vitest';
import type { Server } from '../../../shared/servers';
import { filterFleet, parseFleetFilter, serversOfSet } from './fleet-filter';

const srv = (id: number, hostname: string, os: string, running: boolean, nickname = ''): Server => ({
  id, hostname, os, running, nickname, created: 0, description: '', url: '', capacity_mem: 0, capacity_cpu_num: 0, capacity_cpu_freq: 0,
  capacity_disks: {}, current_version: 1, location_ip: '', os_detail: '', arch: '', guid: String(id), network_interfaces: [],
});
const fleet = [srv(1, 'web-01', 'Linux', true), srv(2, 'db-01', 'Windows', false, 'primary'), srv(3, 'web-02', 'Solaris', true)];
const tags = [{ id: 10, servers: [1, 3] }, { id: 11, servers: [2] }];
const ids = (p: string, sets: { id: number; servers?: number[]; server_tags?: unknown[] }[] = []) =>
  filterFleet(fleet, parseFleetFilter(new URLSearchParams(p)), tags, sets).map((s) => s.id);

describe('filterFleet', () => {
  it.each([
    ['', [1, 2, 3]],
    ['q=WEB', [1, 3]],
    ['q=prim', [2]],
    ['os=Linux', [1]],
    ['tag=10', [1, 3]],
    ['tag=99', []],
    ['status=stopped', [2]],
    ['status=running&tag=10&q=02', [3]],
    ['tag=abc', [1, 2, 3]],
  ])('%s', (p, want) => expect(ids(p)).toEqual(want));
  it('"Only with incidents" keeps the servers with open incidents, with the other filters', () => {
    const open = (id: number) => (id === 2 || id === 3 ? 1 : 0);
    const only = (p: string) => filterFleet(fleet, parseFleetFilter(new URLSearchParams(p)), tags, [], open).map((s) => s.id);
    expect(only('incidents=1')).toEqual([2, 3]);
    expect(only('incidents=1&tag=10')).toEqual([3]);
    expect(only('incidents=0')).toEqual([1, 2, 3]);
    expect(ids('incidents=1')).toEqual([]); // nothing known to be in incident
  });
  it('filters by set through its tags (item paths) or its servers', () => {
    expect(ids('set=5', [{ id: 5, server_tags: ['/api/v5/server_tags/11/'] }])).toEqual([2]);
    expect(ids('set=5', [{ id: 5, servers: [3] }])).toEqual([3]);
    expect(ids('set=6', [{ id: 5, servers: [3] }])).toEqual([]);
  });
  it('serversOfSet unions tag members', () => {
    expect([...serversOfSet({ server_tags: [10, 11] }, tags)].sort()).toEqual([1, 2, 3]);
  });
});

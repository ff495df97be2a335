import { describe, expect, it } from 'vitest';
import type { TopologyResponse } from '../../../shared/topology';
import { topologyRange, topologyTables, topologyToElements } from './to-elements';

const sock = (p: number) => ({ client: { ip: '10.0.0.1', port: p, server_id: 1, pid: 1, uid: '1_1_1' }, server: { ip: '10.0.0.2', port: 80, server_id: 2, pid: 2, uid: '2_2_2' } });

describe('topologyToElements', () => {
  const t = {
    nodes: [{ id: 1, name: 'nginx' }, { id: 2, name: 'java' }, { id: 3, name: 'postgres' }, { id: 4, name: 'idle' }],
    connections: [
      { client_id: 1, server_id: 2, sockets: [sock(1), sock(2), sock(3), sock(4)] },
      { client_id: 2, server_id: 3, sockets: [sock(5)] },
      { client_id: 2, server_id: 99, sockets: [sock(6)] },
    ],
  };

  it('makes a node per group and an edge per known pair, labelled with its sockets', () => {
    const els = topologyToElements(t);
    expect(els.filter((e) => e.group === 'nodes').map((e) => e.data.id)).toEqual(['g1', 'g2', 'g3', 'g4']);
    const edges = els.filter((e) => e.group === 'edges');
    expect(edges.map((e) => [e.data.id, e.data.source, e.data.target, e.data.label, e.data.weight])).toEqual([
      ['c1-2', 'g1', 'g2', '4 sockets', 3],
      ['c2-3', 'g2', 'g3', '1 socket', 1],
    ]);
  });

  it('sizes nodes by degree and marks groups without connections', () => {
    const els = topologyToElements(t);
    const node = (id: string) => els.find((e) => e.data.id === id)!;
    expect(node('g2').data.size).toBe(32);
    expect(node('g1').data.size).toBe(28);
    expect(node('g4').classes).toBe('isolated');
    expect(node('g1').classes).toBe('');
  });
});

describe('topology as text', () => {
  it('lists groups by name with their links and connections by name, dropping unknown groups', () => {
    const t = {
      nodes: [{ id: 2, name: 'nginx' }, { id: 1, name: 'PostgreSQL' }, { id: 3, name: 'Redis' }],
      connections: [
        { client_id: 2, server_id: 1, sockets: [{}, {}] },
        { client_id: 2, server_id: 3, sockets: [{}] },
        { client_id: 2, server_id: 99, sockets: [{}] },
      ],
    } as unknown as TopologyResponse;
    const { groups, connections } = topologyTables(t);
    expect(groups).toEqual([
      { id: 2, name: 'nginx', links: 2 },
      { id: 1, name: 'PostgreSQL', links: 1 },
      { id: 3, name: 'Redis', links: 1 },
    ]);
    expect(connections.map((c) => [c.client, c.server, c.sockets])).toEqual([
      ['nginx', 'PostgreSQL', 2],
      ['nginx', 'Redis', 1],
    ]);
  });
});

describe('topologyRange', () => {
  it('follows the global range up to 24 hours, then its last 24 hours', () => {
    expect(topologyRange({ from: 1000, to: 4600 })).toEqual({ start: 1000, end: 4600, clipped: false });
    expect(topologyRange({ from: 0, to: 86_400 })).toEqual({ start: 0, end: 86_400, clipped: false });
    expect(topologyRange({ from: 0, to: 7 * 86_400 })).toEqual({ start: 6 * 86_400, end: 7 * 86_400, clipped: true });
  });
});

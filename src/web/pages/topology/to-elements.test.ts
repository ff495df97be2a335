import { describe, expect, it } from 'vitest';
import { topologyToElements } from './to-elements';

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

import { describe, expect, it } from 'vitest';
import { loadPositions, placeNear, savePositions } from './positions';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('saved positions', () => {
  it('round-trip per key and drop what is not a point', () => {
    const s = memory();
    savePositions('topology.a@x', { g1: { x: 1, y: 2 } }, s);
    expect(loadPositions('topology.a@x', s)).toEqual({ g1: { x: 1, y: 2 } });
    expect(loadPositions('topology.b@x', s)).toEqual({});
    s.setItem('fleetwatch.graph.bad', '{"g1":{"x":"1"},"g2":{"x":3,"y":4}}');
    expect(loadPositions('bad', s)).toEqual({ g2: { x: 3, y: 4 } });
    s.setItem('fleetwatch.graph.broken', '{');
    expect(loadPositions('broken', s)).toEqual({});
  });
});

describe('placeNear', () => {
  const placed = { a: { x: 0, y: 0 }, b: { x: 400, y: 0 } };
  const edges: Record<string, string[]> = { n1: ['a'], n2: ['a'], n3: ['a', 'b'], lonely: [] };
  const near = placeNear(['n1', 'n2', 'n3', 'lonely'], (id) => edges[id] ?? [], placed);

  it('puts each newcomer beside its placed neighbours', () => {
    expect(Math.hypot(near.n1!.x, near.n1!.y)).toBeLessThan(250);
    expect(Math.hypot(near.n3!.x - 200, near.n3!.y)).toBeLessThan(250);
  });
  it('keeps newcomers apart from each other and from placed nodes', () => {
    const pts = [...Object.values(placed), ...Object.values(near)];
    for (const [i, p] of pts.entries()) for (const q of pts.slice(i + 1)) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(55);
  });
  it('leaves a newcomer without placed neighbours to the caller', () => {
    expect(near.lonely).toBeUndefined();
  });
});

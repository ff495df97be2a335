import type { ElementDefinition } from 'cytoscape';
import type { TopologyResponse } from '../../../shared/topology';

/**
 * Cytoscape elements of the application topology: a node per process group (sized by how many
 * groups it talks to), an edge per client-to-server pair labelled and weighted by its socket count.
 * Ids are stable (`g<id>`, `c<client>-<server>`) so a refresh updates the graph in place.
 */
export function topologyToElements(t: TopologyResponse): ElementDefinition[] {
  const degree = new Map<number, number>();
  const known = new Set(t.nodes.map((n) => n.id));
  const edges: ElementDefinition[] = [];
  for (const c of t.connections) {
    if (!known.has(c.client_id) || !known.has(c.server_id)) continue;
    degree.set(c.client_id, (degree.get(c.client_id) ?? 0) + 1);
    degree.set(c.server_id, (degree.get(c.server_id) ?? 0) + 1);
    const n = c.sockets.length;
    edges.push({
      group: 'edges',
      data: { id: `c${c.client_id}-${c.server_id}`, source: `g${c.client_id}`, target: `g${c.server_id}`, label: `${n} socket${n === 1 ? '' : 's'}`, weight: Math.min(8, 1 + Math.log2(Math.max(1, n))) },
    });
  }
  const nodes: ElementDefinition[] = t.nodes.map((n) => {
    const d = degree.get(n.id) ?? 0;
    return { group: 'nodes', data: { id: `g${n.id}`, label: n.name, groupId: n.id, size: 24 + Math.min(6, d) * 4 }, classes: d === 0 ? 'isolated' : '' };
  });
  return [...nodes, ...edges];
}

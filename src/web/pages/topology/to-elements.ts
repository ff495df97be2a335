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

/** The topology as text: each group with how many groups it talks to, and each connection by name. */
export function topologyTables(t: TopologyResponse): {
  groups: { id: number; name: string; links: number }[];
  connections: { key: string; client: string; server: string; clientId: number; serverId: number; sockets: number }[];
} {
  const name = new Map(t.nodes.map((n) => [n.id, n.name]));
  const links = new Map<number, number>();
  const connections = t.connections
    .filter((c) => name.has(c.client_id) && name.has(c.server_id))
    .map((c) => {
      links.set(c.client_id, (links.get(c.client_id) ?? 0) + 1);
      links.set(c.server_id, (links.get(c.server_id) ?? 0) + 1);
      return { key: `${c.client_id}-${c.server_id}`, client: name.get(c.client_id)!, server: name.get(c.server_id)!, clientId: c.client_id, serverId: c.server_id, sockets: c.sockets.length };
    })
    .sort((a, b) => a.client.localeCompare(b.client) || a.server.localeCompare(b.server));
  const groups = t.nodes.map((n) => ({ id: n.id, name: n.name, links: links.get(n.id) ?? 0 })).sort((a, b) => a.name.localeCompare(b.name));
  return { groups, connections };
}

/** The service answers at most this many seconds of topology at once (1440 minutes). */
export const TOPOLOGY_MAX_SPAN = 1440 * 60;

/** The minutes of topology to ask for the global range: all of it, or its last 24 hours (`clipped`) when longer. */
export function topologyRange(w: { from: number; to: number }): { start: number; end: number; clipped: boolean } {
  const clipped = w.to - w.from > TOPOLOGY_MAX_SPAN;
  return { start: clipped ? w.to - TOPOLOGY_MAX_SPAN : w.from, end: w.to, clipped };
}

import type { Server } from '../../../shared/servers';

/** The fleet overview's filters, as kept in the URL. */
export interface FleetFilter {
  q: string;
  os: string;
  tag: number | null;
  set: number | null;
  status: '' | 'running' | 'stopped';
  /** Only servers with open incidents (`incidents=1`). */
  incidents: boolean;
}

/** Reads the filters from URL parameters `q`, `os`, `tag`, `set`, `status`, `incidents`. */
export function parseFleetFilter(p: URLSearchParams): FleetFilter {
  const id = (k: string) => (/^\d+$/.test(p.get(k) ?? '') ? Number(p.get(k)) : null);
  const status = p.get('status');
  return { q: p.get('q') ?? '', os: p.get('os') ?? '', tag: id('tag'), set: id('set'), status: status === 'running' || status === 'stopped' ? status : '', incidents: p.get('incidents') === '1' };
}

/** The id at the end of an item path (`/api/v5/server_tags/7/` -> 7), or the number itself. */
export function idOf(ref: unknown): number | null {
  if (typeof ref === 'number') return ref;
  if (typeof ref === 'string') {
    const m = /(\d+)\/?$/.exec(ref);
    return m ? Number(m[1]) : null;
  }
  return null;
}

/** The server ids of a set: those it lists, else the union of its tags' servers. */
export function serversOfSet(set: { servers?: number[]; server_tags?: unknown[] }, tags: readonly { id: number; servers: number[] }[]): Set<number> {
  if (set.servers?.length) return new Set(set.servers);
  const tagIds = new Set((set.server_tags ?? []).map(idOf));
  return new Set(tags.filter((t) => tagIds.has(t.id)).flatMap((t) => t.servers));
}

/**
 * The servers that pass every filter; name matches hostname or nickname, case-insensitively;
 * `incidentsOf` gives a server's open incidents (for "Only with incidents").
 */
export function filterFleet(
  servers: readonly Server[],
  f: FleetFilter,
  tags: readonly { id: number; servers: number[] }[],
  sets: readonly { id: number; servers?: number[]; server_tags?: unknown[] }[],
  incidentsOf: (serverId: number) => number = () => 0,
): Server[] {
  const q = f.q.trim().toLowerCase();
  const tagged = f.tag === null ? null : new Set(tags.find((t) => t.id === f.tag)?.servers ?? []);
  const set = f.set === null ? null : sets.find((s) => s.id === f.set);
  const inSet = f.set === null ? null : set ? serversOfSet(set, tags) : new Set<number>();
  return servers.filter(
    (s) =>
      (!q || s.hostname.toLowerCase().includes(q) || s.nickname.toLowerCase().includes(q)) &&
      (!f.os || s.os === f.os) &&
      (!tagged || tagged.has(s.id)) &&
      (!inSet || inSet.has(s.id)) &&
      (!f.status || (f.status === 'running') === s.running) &&
      (!f.incidents || incidentsOf(s.id) > 0),
  );
}

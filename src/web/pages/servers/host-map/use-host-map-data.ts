import { useMemo } from 'react';
import { useServerSets } from '../../../api/incidents';
import { useServerTagList } from '../../../api/server-tags';
import { useFleetLatest } from '../../../api/server-data';
import { useServers } from '../../../api/servers';
import { fleetMetrics } from '../fleet-sort';
import { useIncidentCounts } from '../use-incident-counts';
import type { ColourBy } from './host-map-colour';
import { groupServers, type GroupBy, type MapGroup, type MapServer } from './host-map-layout';

/** What sizes the cells (`none`: all alike). */
export const SIZE_BYS = ['none', 'memory', 'cpus'] as const;
export type SizeBy = (typeof SIZE_BYS)[number];

/** The map's data, from the same list endpoints as the fleet overview (servers, latest records, tags, sets, alerts). */
export interface HostMapData {
  servers: Map<number, MapServer>;
  groups: MapGroup[];
  figure: Map<number, number | null>;
  size: Map<number, number | null>;
}

/**
 * Every server with its figure under `colour`, its size figure and its groups. The latest records of
 * every server arrive in one paged request (`/servers/latest_data/`, 2,500 a page), so 5,000 servers
 * cost two requests; no endpoint of its own is needed.
 */
export function useHostMapData(by: GroupBy, colour: ColourBy, sizeBy: SizeBy) {
  const list = useServers();
  const latest = useFleetLatest();
  const tags = useServerTagList();
  const sets = useServerSets();
  const incidents = useIncidentCounts();
  const servers = useMemo(() => new Map((list.data ?? []).map((s) => [s.id, { id: s.id, name: s.nickname || s.hostname, os: s.os }])), [list.data]);
  const groups = useMemo(
    () => groupServers([...servers.values()], by, by === 'tag' ? (tags.data ?? []) : by === 'set' ? (sets.data ?? []) : []),
    [servers, by, tags.data, sets.data],
  );
  const figure = useMemo(() => {
    const m = new Map<number, number | null>();
    for (const s of list.data ?? []) {
      if (colour === 'incidents') m.set(s.id, incidents.get(s.id) ?? 0);
      else {
        const f = fleetMetrics(s, latest.data?.get(s.id));
        m.set(s.id, colour === 'cpu' ? f.cpu : colour === 'memory' ? f.mem : f.disk);
      }
    }
    return m;
  }, [list.data, latest.data, incidents, colour]);
  const size = useMemo(
    () => new Map((list.data ?? []).map((s) => [s.id, sizeBy === 'memory' ? s.capacity_mem : sizeBy === 'cpus' ? s.capacity_cpu_num : null])),
    [list.data, sizeBy],
  );
  const data: HostMapData = { servers, groups, figure, size };
  return { data, isPending: list.isPending, error: list.error ?? latest.error };
}

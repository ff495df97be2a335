import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { topologyResponse } from '../../shared/topology';
import { api } from './client';

/** A topology request: chosen groups (none = all) and a window of minutes. */
export interface TopologyRequest {
  groups: number[];
  /** Minutes back from the latest connection minute, when no absolute range is given. */
  num?: number;
  start?: number;
  end?: number;
}

export const topologyKeys = {
  graph: (r: TopologyRequest) => ['application_topology', r] as const,
};

export const topologyQueries = {
  graph: (r: TopologyRequest) =>
    queryOptions({
      queryKey: topologyKeys.graph(r),
      queryFn: ({ signal }) =>
        api('GET', '/application_topology/', {
          params: { process_groups: r.groups.length ? r.groups : undefined, num: r.num, start: r.start, end: r.end },
          schema: topologyResponse,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

export const useTopology = (r: TopologyRequest, refetchInterval: number | false) => useQuery({ ...topologyQueries.graph(r), refetchInterval });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Window } from '../lib/time-range';
import { fetchAllPages } from './client';
import { windowParams } from './window-params';

// The shared telemetry schemas are not in src/shared yet; records are read loosely (every field but
// `time` is optional and may be a number, a per-part object, or an {avg,min,max,sum} aggregate).
/** One record of a time series: the time plus any fields. */
export const seriesRecord = z.looseObject({ time: z.number() });
export type SeriesRecord = z.infer<typeof seriesRecord>;
/** A server's latest record as GET /servers/latest_data/ answers it. */
export const latestRecord = seriesRecord.extend({ server_id: z.number() });
export type LatestRecord = z.infer<typeof latestRecord>;

export const serverDataKeys = {
  all: ['server_data'] as const,
  range: (id: number, w: Window) => [...serverDataKeys.all, id, 'range', w.from, w.to, w.step] as const,
  fleetLatest: () => [...serverDataKeys.all, 'fleet-latest'] as const,
};

export const serverDataQueries = {
  /** Every point of the window at its step (the step keeps this to about 1,500 points). */
  range: (id: number, w: Window) =>
    queryOptions({
      queryKey: serverDataKeys.range(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/servers/${id}/data/`, seriesRecord, windowParams(w), 10, signal),
      placeholderData: keepPreviousData,
    }),
  /**
   * The latest record of every server in one request (GET /servers/latest_data/, beyond the spec),
   * keyed by server id: the overview used to send one request per visible row.
   */
  fleetLatest: () =>
    queryOptions({
      queryKey: serverDataKeys.fleetLatest(),
      queryFn: async ({ signal }) => {
        const items = await fetchAllPages('/servers/latest_data/', latestRecord, {}, 10, signal);
        return new Map(items.map((r) => [r.server_id, r]));
      },
      staleTime: 55_000,
      refetchInterval: 60_000,
    }),
};

export const useServerData = (id: number, w: Window) => useQuery(serverDataQueries.range(id, w));
export const useFleetLatest = () => useQuery(serverDataQueries.fleetLatest());

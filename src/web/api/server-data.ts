import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { pagedSchema } from '../../shared/paging';
import { windowParams } from './window-params';

// The shared telemetry schemas are not in src/shared yet; records are read loosely (every field but
// `time` is optional and may be a number, a per-part object, or an {avg,min,max,sum} aggregate).
/** One record of a time series: the time plus any fields. */
export const seriesRecord = z.looseObject({ time: z.number() });
export type SeriesRecord = z.infer<typeof seriesRecord>;

export const serverDataKeys = {
  all: ['server_data'] as const,
  range: (id: number, w: Window) => [...serverDataKeys.all, id, 'range', w.from, w.to, w.step] as const,
  latest: (id: number) => [...serverDataKeys.all, id, 'latest'] as const,
};

export const serverDataQueries = {
  /** Every point of the window at its step (the step keeps this to about 1,500 points). */
  range: (id: number, w: Window) =>
    queryOptions({
      queryKey: serverDataKeys.range(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/servers/${id}/data/`, seriesRecord, windowParams(w), 10, signal),
      placeholderData: keepPreviousData,
    }),
  /** The most recent record (num defaults to 1), for the fleet overview's at-a-glance columns. */
  latest: (id: number) =>
    queryOptions({
      queryKey: serverDataKeys.latest(id),
      queryFn: async ({ signal }) => {
        const page = await api('GET', `/servers/${id}/data/`, { schema: pagedSchema(seriesRecord), signal });
        return page.data[0] ?? null;
      },
      staleTime: 55_000,
    }),
};

export const useServerData = (id: number, w: Window) => useQuery(serverDataQueries.range(id, w));
export const useServerLatest = (id: number, enabled = true) => useQuery({ ...serverDataQueries.latest(id), enabled });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { windowParams } from './window-params';

// Read loosely until src/shared has the polled-data schemas.
/** A polled-data item (a scripted check). */
export const polledItem = z.looseObject({
  id: z.number(),
  name: z.string(),
  server_id: z.number(),
  server_hostname: z.string().optional(),
  command_name: z.string().optional(),
  command_line: z.string().optional(),
  url: z.string().optional(),
});
export type PolledItem = z.infer<typeof polledItem>;

/** A values entry: [name, {val} or {avg,sum,max,min}, unit, {warn,crit,min,max}?]. */
const valueEntry = z.tuple([z.string(), z.record(z.string(), z.number()), z.string()]).rest(z.record(z.string(), z.number()));
/** One polled-data record; fields may be missing for a minute. */
export const polledRecord = z.looseObject({
  time: z.number(),
  status: z.string().optional(),
  text: z.string().optional(),
  values: z.record(z.string(), valueEntry).optional(),
});
export type PolledRecord = z.infer<typeof polledRecord>;

export const polledKeys = {
  all: ['polled_data'] as const,
  list: () => [...polledKeys.all, 'list'] as const,
  detail: (id: number) => [...polledKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...polledKeys.all, id, 'data', w.from, w.to] as const,
};

export const polledQueries = {
  list: () => queryOptions({ queryKey: polledKeys.list(), queryFn: ({ signal }) => fetchAllPages('/polled-data', polledItem, {}, 20, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: polledKeys.detail(id), queryFn: ({ signal }) => api('GET', `/polled-data/${id}/`, { schema: polledItem, signal }) }),
  data: (id: number, w: Window) =>
    queryOptions({
      queryKey: polledKeys.data(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/polled-data/${id}/data/`, polledRecord, windowParams({ ...w, step: 'Minute' }), 10, signal),
      placeholderData: keepPreviousData,
    }),
};

export const usePolledItems = () => useQuery(polledQueries.list());
export const usePolledItem = (id: number) => useQuery(polledQueries.detail(id));
export const usePolledData = (id: number, w: Window) => useQuery(polledQueries.data(id, w));

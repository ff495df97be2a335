import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { polledDataItem, polledDataRecord, type PolledDataItem } from '../../shared/polled-data';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { windowParams } from './window-params';

export type PolledItem = PolledDataItem;

export const polledKeys = {
  all: ['polled_data'] as const,
  list: () => [...polledKeys.all, 'list'] as const,
  detail: (id: number) => [...polledKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...polledKeys.all, id, 'data', w.from, w.to] as const,
};

export const polledQueries = {
  list: () => queryOptions({ queryKey: polledKeys.list(), queryFn: ({ signal }) => fetchAllPages('/polled-data', polledDataItem, {}, 20, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: polledKeys.detail(id), queryFn: ({ signal }) => api('GET', `/polled-data/${id}/`, { schema: polledDataItem, signal }) }),
  data: (id: number, w: Window) =>
    queryOptions({
      queryKey: polledKeys.data(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/polled-data/${id}/data/`, polledDataRecord, windowParams({ ...w, step: 'Minute' }), 10, signal),
      placeholderData: keepPreviousData,
    }),
};

export const usePolledItems = () => useQuery(polledQueries.list());
export const usePolledItem = (id: number) => useQuery(polledQueries.detail(id));
export const usePolledData = (id: number, w: Window) => useQuery(polledQueries.data(id, w));

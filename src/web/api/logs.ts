import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logMessageRecord, logSummaryRecord } from '../../shared/log-data';
import { logItem } from '../../shared/logs';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { windowParams } from './window-params';


export const logKeys = {
  all: ['logs'] as const,
  list: () => [...logKeys.all, 'list'] as const,
  detail: (id: number) => [...logKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...logKeys.all, id, 'data', w.from, w.to] as const,
  messages: (id: number, from: number, to: number, filter: string) => [...logKeys.all, id, 'messages', from, to, filter] as const,
};

export const logQueries = {
  list: () => queryOptions({ queryKey: logKeys.list(), queryFn: ({ signal }) => fetchAllPages('/logs', logItem, {}, 20, signal) }),
  detail: (id: number) => queryOptions({ queryKey: logKeys.detail(id), queryFn: ({ signal }) => api('GET', `/logs/${id}/`, { schema: logItem, signal }) }),
  /** Log data is Minute only: the chart downsamples what a week returns. */
  data: (id: number, w: Window) =>
    queryOptions({
      queryKey: logKeys.data(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/logs/${id}/data/`, logSummaryRecord, windowParams({ ...w, step: 'Minute' }), 10, signal),
      placeholderData: keepPreviousData,
    }),
  /** Messages from minute `from` to minute `to` (inclusive); `filter` is the API's whole-message regular expression. */
  messages: (id: number, from: number, to: number, filter: string) =>
    queryOptions({
      queryKey: logKeys.messages(id, from, to, filter),
      queryFn: ({ signal }) =>
        fetchAllPages(`/logs/${id}/detail/`, logMessageRecord, { start: from, end: to, time_step: 'Minute', filter: filter || undefined }, 4, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useLogs = () => useQuery(logQueries.list());
export const useLog = (id: number) => useQuery(logQueries.detail(id));
export const useLogData = (id: number, w: Window) => useQuery(logQueries.data(id, w));
export function useLogMessages(id: number, from: number, to: number, filter: string, refetchInterval: number | false) {
  return useQuery({ ...logQueries.messages(id, from, to, filter), refetchInterval });
}

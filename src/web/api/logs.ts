import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logMessageRecord, logSummaryRecord } from '../../shared/log-data';
import { logItem, type LogItem } from '../../shared/logs';
import { pagedSchema } from '../../shared/paging';
import { useServerChoices } from './servers';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { windowParams } from './window-params';


/** Messages per page of a log's list. */
export const MESSAGE_PAGE = 200;

export const logKeys = {
  all: ['logs'] as const,
  list: () => [...logKeys.all, 'list'] as const,
  detail: (id: number) => [...logKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...logKeys.all, id, 'data', w.from, w.to] as const,
  messages: (id: number, from: number, to: number, filter: string, page: number) => [...logKeys.all, id, 'messages', from, to, filter, page] as const,
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
  /**
   * One page (newest first, MESSAGE_PAGE a page) of the messages from minute `from` to minute `to`
   * (inclusive), with the count of all; `filter` is the API's whole-message regular expression.
   */
  messages: (id: number, from: number, to: number, filter: string, page: number) =>
    queryOptions({
      queryKey: logKeys.messages(id, from, to, filter, page),
      queryFn: async ({ signal }) => {
        const params = { start: from, end: to, time_step: 'Minute', filter: filter || undefined, limit: MESSAGE_PAGE, page };
        const r = await api('GET', `/logs/${id}/detail/`, { params, schema: pagedSchema(logMessageRecord), signal });
        return { count: r.pagination.count, rows: r.data };
      },
      placeholderData: keepPreviousData,
    }),
};

export const useLogs = () => useQuery(logQueries.list());
export const useLog = (id: number) => useQuery(logQueries.detail(id));
export const useLogData = (id: number, w: Window) => useQuery(logQueries.data(id, w));
export function useLogMessages(id: number, from: number, to: number, filter: string, page: number, refetchInterval: number | false) {
  return useQuery({ ...logQueries.messages(id, from, to, filter, page), refetchInterval });
}

/** A log with the name of its server (nickname, else hostname), so lists show and search names. */
export type NamedLog = LogItem & { server_name?: string };

/** The logs, each with its server's name once the fleet has loaded. */
export function useNamedLogs(): UseQueryResult<NamedLog[]> {
  const names = useServerChoices().data?.names;
  const select = useCallback((logs: LogItem[]): NamedLog[] => logs.map((l) => ({ ...l, server_name: names?.get(l.server_id) })), [names]);
  return useQuery({ ...logQueries.list(), select });
}

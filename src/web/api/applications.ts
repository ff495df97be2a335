import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { application, applicationDetailResponse, type Application } from '../../shared/applications';
import { namesOf } from '../lib/choices';
import { useServerChoices } from './servers';
import { processItem } from '../../shared/telemetry';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { seriesRecord } from './server-data';
import { windowParams } from './window-params';

/** Query keys of applications; every application query key starts with applicationKeys.all. */
export const applicationKeys = {
  all: ['applications'] as const,
  list: () => [...applicationKeys.all, 'list'] as const,
  detail: (id: number) => [...applicationKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...applicationKeys.all, id, 'data', w.from, w.to, w.step] as const,
  /** The detail record (files, threads, sockets) at a minute; null is the latest. */
  detailAt: (id: number, time: number | null) => [...applicationKeys.all, id, 'detail-at', time] as const,
  processes: (id: number, at: number | null) => [...applicationKeys.all, id, 'processes', at] as const,
};

export const applicationQueries = {
  list: () =>
    queryOptions({
      queryKey: applicationKeys.list(),
      queryFn: ({ signal }) => fetchAllPages('/applications/', application, {}, 10, signal),
      staleTime: 60_000,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: applicationKeys.detail(id), queryFn: ({ signal }) => api('GET', `/applications/${id}/`, { schema: application, signal }) }),
  /** Every point of the window at its step, as the server and process pages read theirs. */
  data: (id: number, w: Window) =>
    queryOptions({
      queryKey: applicationKeys.data(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/applications/${id}/data/`, seriesRecord, windowParams(w), 10, signal),
      placeholderData: keepPreviousData,
    }),
  detailAt: (id: number, time: number | null) =>
    queryOptions({
      queryKey: applicationKeys.detailAt(id, time),
      queryFn: ({ signal }) =>
        api('GET', `/applications/${id}/detail/`, { params: time === null ? {} : { time }, schema: applicationDetailResponse, signal }).then((r) => r.data),
    }),
  /**
   * The application's processes running now (at = null) or during the minute `at`: start..end of one
   * minute stays inside the endpoint's one-hour page, so one request per page suffices.
   */
  processes: (id: number, at: number | null) =>
    queryOptions({
      queryKey: applicationKeys.processes(id, at),
      queryFn: ({ signal }) =>
        fetchAllPages(`/applications/${id}/processes/`, processItem, at === null ? {} : { start: at, end: at + 59 }, 8, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useApplications = () => useQuery(applicationQueries.list());

/** An application with the names of its servers, so the list shows and searches them. */
export type NamedApplication = Application & { server_names: string };

/** The applications, each with its servers' names (nickname, else hostname). */
export function useNamedApplications(): UseQueryResult<NamedApplication[]> {
  const names = useServerChoices().data?.names;
  const select = useCallback((apps: Application[]) => apps.map((a) => ({ ...a, server_names: namesOf(a.servers, names) })), [names]);
  return useQuery({ ...applicationQueries.list(), select });
}
export const useApplication = (id: number) => useQuery(applicationQueries.detail(id));
export const useApplicationData = (id: number, w: Window) => useQuery(applicationQueries.data(id, w));
export const useApplicationDetail = (id: number, time: number | null) => useQuery(applicationQueries.detailAt(id, time));
export const useApplicationProcesses = (id: number, at: number | null) => useQuery(applicationQueries.processes(id, at));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { changesAnswer } from '../../shared/changes';
import { processDiffAnswer } from '../../shared/process-diff';
import { api } from './client';

export const timeTravelKeys = {
  all: ['time_travel'] as const,
  diff: (serverId: number, from: number, to: number) => [...timeTravelKeys.all, serverId, 'diff', from, to] as const,
  changes: (serverId: number, time: number) => [...timeTravelKeys.all, serverId, 'changes', time] as const,
};

export const timeTravelQueries = {
  /** The processes of two minutes compared (GET /servers/{id}/processes/diff/). */
  diff: (serverId: number, from: number, to: number) =>
    queryOptions({
      queryKey: timeTravelKeys.diff(serverId, from, to),
      queryFn: ({ signal }) => api('GET', `/servers/${serverId}/processes/diff/`, { params: { from, to }, schema: processDiffAnswer, signal }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  /** The series that departed most from their baseline at the minute (GET /servers/{id}/changes/). */
  changes: (serverId: number, time: number) =>
    queryOptions({
      queryKey: timeTravelKeys.changes(serverId, time),
      queryFn: ({ signal }) => api('GET', `/servers/${serverId}/changes/`, { params: { time, limit: 10 }, schema: changesAnswer, signal }),
      retry: false,
    }),
};

export const useProcessDiff = (serverId: number, from: number | null, to: number | null) =>
  useQuery({ ...timeTravelQueries.diff(serverId, from ?? 0, to ?? 0), enabled: from !== null && to !== null });
export const useChanges = (serverId: number, time: number | null) => useQuery({ ...timeTravelQueries.changes(serverId, time ?? 0), enabled: time !== null });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alertHistoryMessage } from '../../shared/alert-histories';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { incidentHistoryItem } from './history-item';
import { incidentKeys, incidentQueries } from './incidents';

// The list of a window is the one the charts' incident markers read (incidents.ts): one fetch for both.
export const alertHistoryKeys = {
  all: ['alert_histories'] as const,
  list: (w: Window) => incidentKeys.histories(w),
  open: () => [...alertHistoryKeys.all, 'open'] as const,
  detail: (id: number) => [...alertHistoryKeys.all, 'detail', id] as const,
  message: (id: number) => [...alertHistoryKeys.all, 'message', id] as const,
};

export const alertHistoryQueries = {
  list: (w: Window) => ({ ...incidentQueries.histories(w), placeholderData: keepPreviousData }),
  /** Every incident not ended yet, whatever its start (the service's open=true extension). */
  open: () =>
    queryOptions({
      queryKey: alertHistoryKeys.open(),
      queryFn: ({ signal }) => fetchAllPages('/alert_histories', incidentHistoryItem, { open: true }, 10, signal),
      refetchInterval: 60_000,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: alertHistoryKeys.detail(id), queryFn: ({ signal }) => api('GET', `/alert_histories/${id}/`, { schema: incidentHistoryItem, signal }) }),
  message: (id: number) =>
    queryOptions({
      queryKey: alertHistoryKeys.message(id),
      queryFn: ({ signal }) => api('GET', `/alert_histories/${id}/message/`, { schema: alertHistoryMessage, signal }),
      staleTime: Infinity,
    }),
};

export const useAlertHistories = (w: Window) => useQuery(alertHistoryQueries.list(w));
export const useOpenIncidents = () => useQuery(alertHistoryQueries.open());
export const useAlertHistory = (id: number) => useQuery(alertHistoryQueries.detail(id));
export const useAlertHistoryMessage = (id: number) => useQuery(alertHistoryQueries.message(id));

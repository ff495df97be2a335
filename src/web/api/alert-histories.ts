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
  /** Under the window's list key, so whatever refreshes the lists refreshes these too. */
  listOf: (w: Window, alerts: readonly number[]) => [...incidentKeys.histories(w), 'alerts', alerts.join(',')] as const,
  open: (alerts?: readonly number[]) => [...alertHistoryKeys.all, 'open', ...(alerts ? [alerts.join(',')] : [])] as const,
  detail: (id: number) => [...alertHistoryKeys.all, 'detail', id] as const,
  message: (id: number) => [...alertHistoryKeys.all, 'message', id] as const,
};

export const alertHistoryQueries = {
  list: (w: Window) => ({ ...incidentQueries.histories(w), placeholderData: keepPreviousData }),
  /** The window's incidents of the given alerts only (the spec's `filter`, a JSON list of alert ids). */
  listOf: (w: Window, alerts: readonly number[]) =>
    queryOptions({
      queryKey: alertHistoryKeys.listOf(w, alerts),
      queryFn: ({ signal }) => fetchAllPages('/alert_histories', incidentHistoryItem, { start: w.from, end: w.to + 59, filter: alerts }, 10, signal),
      placeholderData: keepPreviousData,
    }),
  /** Every incident not ended yet, whatever its start (the service's open=true extension), of `alerts` when given. */
  open: (alerts?: readonly number[]) =>
    queryOptions({
      queryKey: alertHistoryKeys.open(alerts),
      queryFn: ({ signal }) => fetchAllPages('/alert_histories', incidentHistoryItem, { open: true, filter: alerts }, 10, signal),
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

/** The window's incidents, of `alerts` only when given (both queries are declared; only the one in use runs). */
export function useAlertHistories(w: Window, alerts?: readonly number[] | null) {
  const filtered = useQuery({ ...alertHistoryQueries.listOf(w, alerts ?? []), enabled: !!alerts });
  const all = useQuery({ ...alertHistoryQueries.list(w), enabled: !alerts });
  return alerts ? filtered : all;
}
export const useOpenIncidents = (alerts?: readonly number[] | null) => useQuery(alertHistoryQueries.open(alerts ?? undefined));
export const useAlertHistory = (id: number) => useQuery(alertHistoryQueries.detail(id));
export const useAlertHistoryMessage = (id: number) => useQuery(alertHistoryQueries.message(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { alertItem, type Alert } from '../../shared/alerts';
import { maintenanceWindow } from '../../shared/maintenance-windows';
import { serverSet } from '../../shared/server-sets';
import type { Window } from '../lib/time-range';
import { fetchAllPages } from './client';
import { incidentHistoryItem, type IncidentHistory } from './history-item';

// What charts and the fleet overview read of alerts, histories, maintenance windows and server sets.
// The admin pages own these resources' full modules (forms, mutations); these keys are shared with them.
export type AlertLite = Alert;
export type HistoryLite = IncidentHistory;

export const incidentKeys = {
  alerts: ['alerts', 'list'] as const,
  histories: (w: Window) => ['alert_histories', 'list', w.from, w.to] as const,
  maintenance: ['maintenance_windows', 'list'] as const,
  sets: ['server_sets', 'list'] as const,
};

/** Lists that may not exist yet on the service answer [] on 404, so pages still render. */
async function listOrEmpty<T>(path: string, schema: z.ZodType<T>, params = {}, signal?: AbortSignal): Promise<T[]> {
  try {
    return await fetchAllPages(path, schema, params, 10, signal);
  } catch (e) {
    if (e instanceof Error && 'status' in e && (e as { status: number }).status === 404) return [];
    throw e;
  }
}

export const incidentQueries = {
  alerts: () => queryOptions({ queryKey: incidentKeys.alerts, queryFn: ({ signal }) => listOrEmpty('/alerts', alertItem, {}, signal), staleTime: 30_000 }),
  histories: (w: Window) =>
    queryOptions({
      queryKey: incidentKeys.histories(w),
      queryFn: ({ signal }) => listOrEmpty('/alert_histories', incidentHistoryItem, { start: w.from, end: w.to + 59 }, signal),
    }),
  maintenance: () =>
    queryOptions({ queryKey: incidentKeys.maintenance, queryFn: ({ signal }) => listOrEmpty('/maintenance_windows', maintenanceWindow, {}, signal), staleTime: 60_000 }),
  sets: () => queryOptions({ queryKey: incidentKeys.sets, queryFn: ({ signal }) => listOrEmpty('/server_sets', serverSet, {}, signal), staleTime: 60_000 }),
};

export const useAlertsLite = () => useQuery(incidentQueries.alerts());
export const useHistories = (w: Window) => useQuery(incidentQueries.histories(w));
export const useMaintenance = () => useQuery(incidentQueries.maintenance());
export const useServerSets = () => useQuery(incidentQueries.sets());

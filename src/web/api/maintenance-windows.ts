import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maintenanceWindowWritten } from '../../shared/maintenance-windows';
import { api, resultBody } from './client';
import { incidentKeys, incidentQueries } from './incidents';

/**
 * What the form sends: a one-off window's start and end as `yyyy-mm-dd hh:mm` UTC; a recurring
 * one's as epoch seconds with its rule, duration (minutes) and time zone. Scope: ids.
 */
export interface MaintenanceWindowFormInput {
  start: string;
  end?: string;
  reason: string;
  servers: number[];
  server_tags?: number[];
  server_sets?: number[];
  rrule?: string;
  duration?: string;
  time_zone?: string;
}

export const maintenanceKeys = {
  all: ['maintenance_windows'] as const,
  list: () => incidentKeys.maintenance,
};

export const maintenanceQueries = { list: incidentQueries.maintenance };

export const useMaintenanceWindows = () => useQuery(maintenanceQueries.list());

export function useSaveMaintenanceWindow(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceWindowFormInput) =>
      api(id === null ? 'POST' : 'PUT', id === null ? '/maintenance_windows/' : `/maintenance_windows/${id}/`, { params: { ...input }, schema: maintenanceWindowWritten }),
    onSuccess: () => qc.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

export function useDeleteMaintenanceWindow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/maintenance_windows/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incidentPaths, notificationSettings } from '../../shared/incident-response';
import { api } from './client';

export const notificationSettingsKeys = { all: ['notification_settings'] as const };

export const notificationSettingsQueries = {
  current: () => queryOptions({ queryKey: notificationSettingsKeys.all, queryFn: ({ signal }) => api('GET', incidentPaths.notificationSettings, { schema: notificationSettings, signal }) }),
};

export const useNotificationSettings = () => useQuery(notificationSettingsQueries.current());

/** PUT the settings given (as typed; the service checks them with the same schema and keeps the others). */
export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { group_wait_s?: string; external_escalation_policy?: string; external_alert_interval?: string }) =>
      api('PUT', incidentPaths.notificationSettings, { params: { ...input }, schema: notificationSettings }),
    onSuccess: (data) => qc.setQueryData(notificationSettingsKeys.all, data),
  });
}

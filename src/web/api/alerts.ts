import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { alertItem, type AlertCreateInput, type AlertUpdateInput } from '../../shared/alerts';
import { pagedSchema } from '../../shared/paging';
import { api, resultBody, type Params } from './client';
import { incidentKeys, incidentQueries } from './incidents';

/** A callback delivery as GET /alerts/{id}/deliveries/ answers it (beyond the spec; no shared schema). */
export const alertDelivery = z.object({
  id: z.number().int(),
  delivery_id: z.string(),
  alert_id: z.number().int(),
  alert_history_id: z.number().int().nullable(),
  status: z.string(),
  url: z.string(),
  method: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  next_attempt_at: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.number().nullable(),
  created: z.number().int(),
  delivered_at: z.number().int().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDelivery>;

// The list key is the one the charts and the fleet overview already read (incidents.ts), so a change
// here refreshes their markers too.
export const alertKeys = {
  all: ['alerts'] as const,
  list: () => incidentKeys.alerts,
  detail: (id: number) => [...alertKeys.all, 'detail', id] as const,
  deliveries: (id: number) => [...alertKeys.all, 'deliveries', id] as const,
};

export const alertQueries = {
  list: incidentQueries.alerts,
  detail: (id: number) => queryOptions({ queryKey: alertKeys.detail(id), queryFn: ({ signal }) => api('GET', `/alerts/${id}/`, { schema: alertItem, signal }) }),
  /** The newest 100 deliveries of an alert. */
  deliveries: (id: number) =>
    queryOptions({
      queryKey: alertKeys.deliveries(id),
      queryFn: ({ signal }) => api('GET', `/alerts/${id}/deliveries/`, { params: { limit: 100 }, schema: pagedSchema(alertDelivery), signal }).then((p) => p.data),
    }),
};

export const useAlerts = () => useQuery(alertQueries.list());
export const useAlert = (id: number) => useQuery(alertQueries.detail(id));
export const useAlertDeliveries = (id: number) => useQuery({ ...alertQueries.deliveries(id), refetchInterval: 5000 });

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertCreateInput) => api('POST', '/alerts/', { params: input as Params, schema: alertItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useUpdateAlert(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: AlertUpdateInput) => api('PUT', `/alerts/${id}/`, { params: patch as Params, schema: alertItem }),
    // The answer is the saved alert: shown at once (the edit form restarts from it), then everything
    // refetched in the background. Not awaited, so the form does not sit on stale values meanwhile.
    onSuccess: (saved) => {
      qc.setQueryData(alertKeys.detail(id), saved);
      void qc.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}

/** Turns an alert on or off from a list (PUT of `active` only). */
export function useSetAlertActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api('PUT', `/alerts/${id}/`, { params: { active }, schema: alertItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/alerts/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useRedeliver(alertId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api('POST', `/alerts/${alertId}/deliveries/${deliveryId}/redeliver/`, { schema: alertDelivery }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.deliveries(alertId) }),
  });
}

/** Queues a TEST callback to every subscriber of the alert. */
export function useTestCallback(alertId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', `/alerts/${alertId}/test_callback/`, { schema: z.object({ data: z.array(alertDelivery) }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.deliveries(alertId) }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Window } from '../lib/time-range';
import { fetchAllPages } from './client';

// What charts and the fleet overview need of alerts, histories and maintenance windows, read loosely
// (the full resources and their forms belong to the admin pages once src/shared has their schemas).
/** The alert fields that locate an incident. */
export const alertLite = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  target_id: z.union([z.string(), z.number()]).nullable().optional(),
  in_incident: z.boolean().optional(),
});
export type AlertLite = z.infer<typeof alertLite>;
/** An incident: end is null while it continues. */
export const historyLite = z.looseObject({ id: z.number(), start: z.number(), end: z.number().nullable(), alert_id: z.number(), subject: z.string().optional() });
export type HistoryLite = z.infer<typeof historyLite>;
/** A maintenance window as lists give it (epoch seconds). */
export const windowLite = z.looseObject({ id: z.number(), start: z.number(), end: z.number(), reason: z.string().optional(), servers: z.array(z.number()) });
export type MaintenanceLite = z.infer<typeof windowLite>;
/** A server set with the tags it groups (tags as ids or item paths). */
export const setLite = z.looseObject({ id: z.number(), name: z.string(), servers: z.array(z.number()).optional(), server_tags: z.array(z.unknown()).optional() });
export type ServerSetLite = z.infer<typeof setLite>;

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
  alerts: () => queryOptions({ queryKey: incidentKeys.alerts, queryFn: ({ signal }) => listOrEmpty('/alerts', alertLite, {}, signal), staleTime: 30_000 }),
  histories: (w: Window) =>
    queryOptions({
      queryKey: incidentKeys.histories(w),
      queryFn: ({ signal }) => listOrEmpty('/alert_histories', historyLite, { start: w.from, end: w.to + 59 }, signal),
    }),
  maintenance: () =>
    queryOptions({ queryKey: incidentKeys.maintenance, queryFn: ({ signal }) => listOrEmpty('/maintenance_windows', windowLite, {}, signal), staleTime: 60_000 }),
  sets: () => queryOptions({ queryKey: incidentKeys.sets, queryFn: ({ signal }) => listOrEmpty('/server_sets', setLite, {}, signal), staleTime: 60_000 }),
};

export const useAlertsLite = () => useQuery(incidentQueries.alerts());
export const useHistories = (w: Window) => useQuery(incidentQueries.histories(w));
export const useMaintenance = () => useQuery(incidentQueries.maintenance());
export const useServerSets = () => useQuery(incidentQueries.sets());

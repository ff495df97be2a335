import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  onCallAnswer,
  scheduleItem,
  scheduleOverride,
  schedulePaths,
  shiftsAnswer,
  type overrideInput,
  type scheduleInput,
} from '../../shared/schedules';
import { api, fetchAllPages, resultBody } from './client';

/** What the schedule form sends (the shared input; the service checks it with the same schema). */
export type ScheduleFormInput = z.input<typeof scheduleInput>;
export type OverrideFormInput = z.input<typeof overrideInput>;

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
  detail: (id: number) => [...scheduleKeys.all, 'detail', id] as const,
  shifts: (id: number, start: number, end: number) => [...scheduleKeys.all, 'shifts', id, start, end] as const,
  onCall: (id: number) => [...scheduleKeys.all, 'on-call', id] as const,
};

export const scheduleQueries = {
  list: () => queryOptions({ queryKey: scheduleKeys.list(), queryFn: ({ signal }) => fetchAllPages(schedulePaths.list(), scheduleItem, {}, 4, signal) }),
  detail: (id: number) => queryOptions({ queryKey: scheduleKeys.detail(id), queryFn: ({ signal }) => api('GET', schedulePaths.item(id), { schema: scheduleItem, signal }) }),
  shifts: (id: number, start: number, end: number) =>
    queryOptions({
      queryKey: scheduleKeys.shifts(id, start, end),
      queryFn: ({ signal }) => api('GET', schedulePaths.shifts(id), { params: { start, end }, schema: shiftsAnswer, signal }),
    }),
  /** Who is on call now; asked again every minute, as a shift may end. */
  onCall: (id: number) =>
    queryOptions({ queryKey: scheduleKeys.onCall(id), queryFn: ({ signal }) => api('GET', schedulePaths.onCall(id), { schema: onCallAnswer, signal }), refetchInterval: 60_000 }),
};

export const useSchedules = () => useQuery(scheduleQueries.list());
export const useSchedule = (id: number | null) => useQuery({ ...scheduleQueries.detail(id ?? 0), enabled: id !== null });
export const useShifts = (id: number, start: number, end: number) => useQuery(scheduleQueries.shifts(id, start, end));
/** Who is on call now in each of the schedules. */
export const useOnCallNow = (ids: number[]) => useQueries({ queries: ids.map((id) => scheduleQueries.onCall(id)) });

/** POST a new schedule (`id` null) or PUT schedule `id`, as JSON (rotations are nested). */
export function useSaveSchedule(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleFormInput) => api(id === null ? 'POST' : 'PUT', id === null ? schedulePaths.list() : schedulePaths.item(id), { json: input, schema: scheduleItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', schedulePaths.item(id), { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useAddOverride(scheduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OverrideFormInput) => api('POST', schedulePaths.overrides(scheduleId), { json: input, schema: scheduleOverride }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useRemoveOverride(scheduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: number) => api('DELETE', schedulePaths.override(scheduleId, overrideId), { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

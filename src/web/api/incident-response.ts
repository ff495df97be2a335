import { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incidentPaths, timelineAnswer, type NoteInput } from '../../shared/incident-response';
import { api } from './client';
import { alertHistoryKeys } from './alert-histories';
import { incidentHistoryItem, type IncidentHistory } from './history-item';

// Acknowledgement, timeline and notes of one incident. Their keys live under alertHistoryKeys.all,
// so whatever refreshes an incident refreshes its timeline too.
export const incidentResponseKeys = {
  /** Every list of histories (the open ones and those of a window). */
  lists: [...alertHistoryKeys.all, 'list'] as const,
  timeline: (id: number) => [...alertHistoryKeys.all, 'timeline', id] as const,
};

export const incidentResponseQueries = {
  timeline: (id: number) =>
    queryOptions({
      queryKey: incidentResponseKeys.timeline(id),
      queryFn: ({ signal }) => api('GET', incidentPaths.timeline(id), { schema: timelineAnswer, signal }).then((t) => t.data),
      // Deliveries move from pending to sent on their own: an open incident page follows them.
      refetchInterval: 15_000,
    }),
};

export const useIncidentTimeline = (id: number) => useQuery(incidentResponseQueries.timeline(id));

/**
 * POST .../acknowledge/ or .../unacknowledge/: the answer is the history, which replaces the cached
 * detail at once; the lists (the "acknowledged by" column) and the timeline are fetched again.
 */
export function useSetAcknowledged() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => api('POST', on ? incidentPaths.acknowledge(id) : incidentPaths.unacknowledge(id), { schema: incidentHistoryItem }),
    onSuccess: async (h: IncidentHistory) => {
      qc.setQueryData(alertHistoryKeys.detail(h.id), h);
      await Promise.all([
        qc.invalidateQueries({ queryKey: incidentResponseKeys.lists }),
        qc.invalidateQueries({ queryKey: alertHistoryKeys.open() }),
        qc.invalidateQueries({ queryKey: incidentResponseKeys.timeline(h.id) }),
      ]);
    },
  });
}

/**
 * POST .../notes/: a note on the incident. The contract names no answer for it (the note shows as
 * the timeline's next event), so the answer is only checked to be JSON; the timeline is fetched again.
 */
export function useAddNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => api('POST', incidentPaths.notes(id), { params: { ...input }, schema: z.unknown() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: incidentResponseKeys.timeline(id) }),
  });
}

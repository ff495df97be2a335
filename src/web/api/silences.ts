import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { incidentPaths, silenceInput, silenceItem } from '../../shared/incident-response';
import { api, fetchAllPages, resultBody } from './client';

/** What a silence form (or a preset on an incident) sends: the shared input, start/end/duration left out when not given. */
export type SilenceFormInput = z.input<typeof silenceInput>;

export const silenceKeys = {
  all: ['silences'] as const,
  list: () => [...silenceKeys.all, 'list'] as const,
};

export const silenceQueries = {
  /** Every silence, expired ones included (their history), a few pages at most. */
  list: () => queryOptions({ queryKey: silenceKeys.list(), queryFn: ({ signal }) => fetchAllPages(incidentPaths.silences, silenceItem, {}, 10, signal), refetchInterval: 60_000 }),
};

export const useSilences = () => useQuery(silenceQueries.list());

/**
 * POST a new silence (`id` null) or PUT silence `id`. Sent as JSON: the matchers are lists of ids
 * and the contract's schema reads them as such.
 */
export function useSaveSilence(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SilenceFormInput) => api(id === null ? 'POST' : 'PUT', id === null ? incidentPaths.silences : incidentPaths.silence(id), { json: input, schema: silenceItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: silenceKeys.all }),
  });
}

export function useDeleteSilence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', incidentPaths.silence(id), { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: silenceKeys.all }),
  });
}

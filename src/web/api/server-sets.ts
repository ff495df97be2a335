import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverSet } from '../../shared/server-sets';
import { api, resultBody } from './client';
import { incidentKeys, incidentQueries } from './incidents';

/** What the set form sends. */
export interface ServerSetFormInput {
  name: string;
  server_tags: number[];
  auto_detection: boolean;
}

export const serverSetKeys = {
  all: ['server_sets'] as const,
  list: () => incidentKeys.sets,
};

export const serverSetQueries = { list: incidentQueries.sets };

export const useServerSetList = () => useQuery(serverSetQueries.list());

export function useSaveServerSet(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ServerSetFormInput) =>
      api(id === null ? 'POST' : 'PUT', id === null ? '/server_sets/' : `/server_sets/${id}/`, { params: { ...input }, schema: serverSet }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverSetKeys.all }),
  });
}

export function useDeleteServerSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/server_sets/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverSetKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retention, RETENTION_PATH } from '../../shared/retention';
import { api } from './client';

export const retentionKeys = { all: ['retention'] as const };

export const retentionQueries = {
  current: () => queryOptions({ queryKey: retentionKeys.all, queryFn: ({ signal }) => api('GET', RETENTION_PATH, { schema: retention, signal }) }),
};

export const useRetention = () => useQuery(retentionQueries.current());

/** PUT the categories changed (days as typed, 0 for forever); the service checks them with the same schema. */
export function useSaveRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, string>) => api('PUT', RETENTION_PATH, { params: { ...input }, schema: retention }),
    onSuccess: (data) => qc.setQueryData(retentionKeys.all, data),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logWritten } from '../../shared/logs';
import { api, resultBody } from './client';
import { logKeys } from './logs';

/** What the log source form sends. */
export interface LogSourceFormInput {
  server: number;
  type: string;
  source: string;
  limit: string;
}

// Reads of logs live in logs.ts; these are the admin's writes, invalidating through its key factory.
export function useSaveLogSource(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LogSourceFormInput) => api(id === null ? 'POST' : 'PUT', id === null ? '/logs/' : `/logs/${id}/`, { params: { ...input }, schema: logWritten }),
    onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all }),
  });
}

export function useDeleteLogSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/logs/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all }),
  });
}

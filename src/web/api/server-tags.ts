import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverTag, type ServerTagInput } from '../../shared/server-tags';
import { api, fetchAllPages, resultBody } from './client';

export const serverTagKeys = {
  all: ['server_tags'] as const,
  list: () => [...serverTagKeys.all, 'list'] as const,
  detail: (id: number) => [...serverTagKeys.all, 'detail', id] as const,
};

export const serverTagQueries = {
  list: () =>
    queryOptions({ queryKey: serverTagKeys.list(), queryFn: ({ signal }) => fetchAllPages('/server_tags', serverTag, {}, 20, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: serverTagKeys.detail(id), queryFn: ({ signal }) => api('GET', `/server_tags/${id}/`, { schema: serverTag, signal }) }),
};

export const useServerTagList = () => useQuery(serverTagQueries.list());

export function useCreateServerTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ServerTagInput) => api('POST', '/server_tags/', { params: input, schema: serverTag }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverTagKeys.all }),
  });
}

export function useUpdateServerTag(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ServerTagInput) => api('PUT', `/server_tags/${id}/`, { params: input, schema: serverTag }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverTagKeys.all }),
  });
}

export function useDeleteServerTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/server_tags/${id}/`, { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverTagKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverTag, type ServerTag, type ServerTagInput } from '../../shared/server-tags';
import { choicesOf } from '../lib/choices';
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

const toTagChoices = (tags: ServerTag[]) => choicesOf(tags, (t) => t.name);
/** The account's tags to pick among, with their names by id. */
export const useServerTagChoices = () => useQuery({ ...serverTagQueries.list(), select: toTagChoices });

/** POST a new tag (`id` null) or PUT tag `id`. */
export function useSaveServerTag(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ServerTagInput) =>
      api(id === null ? 'POST' : 'PUT', id === null ? '/server_tags/' : `/server_tags/${id}/`, { params: input, schema: serverTag }),
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

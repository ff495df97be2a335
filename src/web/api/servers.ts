import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertHistoryItem } from '../../shared/alert-histories';
import { server, serverTagsOfServer, type Server, type ServerUpdate } from '../../shared/servers';
import { choicesOf } from '../lib/choices';
import { api, fetchAllPages } from './client';
import { serverTagKeys } from './server-tags';

/** Query keys of servers; every server query key starts with serverKeys.all. */
export const serverKeys = {
  all: ['servers'] as const,
  list: () => [...serverKeys.all, 'list'] as const,
  detail: (id: number) => [...serverKeys.all, 'detail', id] as const,
  tags: (id: number) => [...serverKeys.all, 'tags', id] as const,
  incidentsAt: (id: number, t: number, alertIds: readonly number[]) => [...serverKeys.all, 'incidents-at', id, t, alertIds.join(',')] as const,
};

export const serverQueries = {
  /** The whole fleet (two pages at 5,000 servers); the overview filters it in memory. */
  list: () =>
    queryOptions({ queryKey: serverKeys.list(), queryFn: ({ signal }) => fetchAllPages('/servers', server, {}, 20, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: serverKeys.detail(id), queryFn: ({ signal }) => api('GET', `/servers/${id}/`, { schema: server, signal }) }),
  tags: (id: number) =>
    queryOptions({
      queryKey: serverKeys.tags(id),
      queryFn: ({ signal }) => api('GET', `/servers/${id}/tags/`, { schema: serverTagsOfServer, signal }),
    }),
  /**
   * The incidents of `alertIds` begun by the end of the minute `t` (the list selects by start, newest
   * first); the caller keeps those still open at `t`. Two pages bound it: older ones ended long ago.
   */
  incidentsAt: (id: number, t: number, alertIds: readonly number[]) =>
    queryOptions({
      queryKey: serverKeys.incidentsAt(id, t, alertIds),
      queryFn: ({ signal }) =>
        alertIds.length === 0 ? Promise.resolve([]) : fetchAllPages('/alert_histories/', alertHistoryItem, { end: t + 59, filter: alertIds }, 2, signal),
    }),
};

export const useServers = () => useQuery(serverQueries.list());

const toServerChoices = (list: Server[]) => choicesOf(list, (s) => s.nickname || s.hostname);
/** The fleet to pick servers among, with their names (nickname, else hostname) by id. */
export const useServerChoices = () => useQuery({ ...serverQueries.list(), select: toServerChoices });
export const useServer = (id: number) => useQuery(serverQueries.detail(id));
export const useServerTags = (id: number) => useQuery(serverQueries.tags(id));
export const useServerIncidentsAt = (id: number, t: number, alertIds: readonly number[] | null) =>
  useQuery({ ...serverQueries.incidentsAt(id, t, alertIds ?? []), enabled: alertIds !== null });

/** PUT /servers/{id}/ (nickname, description). */
export function useUpdateServer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ServerUpdate) => api('PUT', `/servers/${id}/`, { params: patch, schema: server }),
    onSuccess: () => qc.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

/** PUT /servers/{id}/tags/: replaces every tag of the server. Tags change too, so their keys are invalidated. */
export function useSetServerTags(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: number[]) => api('PUT', `/servers/${id}/tags/`, { params: { server_tags: tagIds }, schema: serverTagsOfServer }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: serverKeys.tags(id) });
      await qc.invalidateQueries({ queryKey: serverTagKeys.all });
    },
  });
}

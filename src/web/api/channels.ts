import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { channelCreate, channelDeliveryDetail, channelDeliveryItem, channelItem, channelPaths, channelUpdate } from '../../shared/channels';
import { pagedSchema } from '../../shared/paging';
import { api, fetchAllPages, resultBody } from './client';

export type ChannelCreateInput = z.input<typeof channelCreate>;
export type ChannelUpdateInput = z.input<typeof channelUpdate>;

export const channelKeys = {
  all: ['channels'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
  deliveries: (id: number) => [...channelKeys.all, id, 'deliveries'] as const,
  delivery: (id: number, did: number) => [...channelKeys.all, id, 'deliveries', did] as const,
};

export const channelQueries = {
  list: () => queryOptions({ queryKey: channelKeys.list(), queryFn: ({ signal }) => fetchAllPages(channelPaths.list, channelItem, {}, 5, signal) }),
  /** The newest 20 deliveries of a channel, refreshed while any is pending. */
  deliveries: (id: number) =>
    queryOptions({
      queryKey: channelKeys.deliveries(id),
      queryFn: ({ signal }) => api('GET', channelPaths.deliveries(id), { params: { limit: 20 }, schema: pagedSchema(channelDeliveryItem), signal }),
      refetchInterval: (q) => (q.state.data?.data.some((d) => d.state === 'pending') ? 1000 : false),
    }),
  /** One delivery, polled until it is no longer pending (a test message's outcome). */
  delivery: (id: number, did: number) =>
    queryOptions({
      queryKey: channelKeys.delivery(id, did),
      queryFn: ({ signal }) => api('GET', channelPaths.delivery(id, did), { schema: channelDeliveryDetail, signal }),
      refetchInterval: (q) => (q.state.data?.state === 'pending' ? 500 : false),
    }),
};

export const useChannels = () => useQuery(channelQueries.list());

/** POST a new channel (`id` null) or PUT channel `id`; a secret left out keeps the stored one. */
export function useSaveChannel(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelCreateInput | ChannelUpdateInput) => api(id === null ? 'POST' : 'PUT', id === null ? channelPaths.list : channelPaths.item(id), { json: input, schema: channelItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', channelPaths.item(id), { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

/** Queues a TEST message; answers its delivery (pending). */
export function useTestChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', channelPaths.test(id), { schema: channelDeliveryItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelKeys.deliveries(id) }),
  });
}

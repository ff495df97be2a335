import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bucket, bucketPoint, type Bucket } from '../../shared/buckets';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages, resultBody } from './client';
import { windowParams } from './window-params';

export type BucketItem = Bucket;

export const bucketKeys = {
  all: ['buckets'] as const,
  list: () => [...bucketKeys.all, 'list'] as const,
  detail: (id: number) => [...bucketKeys.all, 'detail', id] as const,
  data: (id: number, w: Window) => [...bucketKeys.all, id, 'data', w.from, w.to] as const,
};

export const bucketQueries = {
  list: () => queryOptions({ queryKey: bucketKeys.list(), queryFn: ({ signal }) => fetchAllPages('/buckets', bucket, {}, 20, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: bucketKeys.detail(id), queryFn: ({ signal }) => api('GET', `/buckets/${id}/`, { schema: bucket, signal }) }),
  data: (id: number, w: Window) =>
    queryOptions({
      queryKey: bucketKeys.data(id, w),
      queryFn: ({ signal }) => fetchAllPages(`/buckets/${id}/data/`, bucketPoint, windowParams({ ...w, step: 'Minute' }), 10, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useBuckets = () => useQuery(bucketQueries.list());
export const useBucket = (id: number) => useQuery(bucketQueries.detail(id));
export const useBucketData = (id: number, w: Window) => useQuery(bucketQueries.data(id, w));

/** POST /buckets/: StatsD lines `<name>:<value>[|type...]`, sent as the spec's JSON list of {value}. */
export function useSendBucketLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lines: string[]) => api('POST', '/buckets/', { params: { buckets: lines.map((value) => ({ value })) }, schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: bucketKeys.all }),
  });
}

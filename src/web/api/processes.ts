import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { processDetail as sampleDetail, threadDetail } from '../../shared/ingest';
import { processItem } from '../../shared/telemetry';
import type { Window } from '../lib/time-range';
import { api, fetchAllPages } from './client';
import { seriesRecord } from './server-data';
import { windowParams } from './window-params';


/**
 * The detail of a process at a minute ({pagination, data: {files, threads}}); attributes may be absent.
 * With nearest=true (extension) `time` names the minute that answered, null when none was near.
 */
export const processDetail = z.object({
  data: sampleDetail.pick({ files: true, threads: true }).extend({ threads: z.array(threadDetail).optional() }),
  time: z.number().nullable().optional(),
});
export type ProcessDetail = z.infer<typeof processDetail>['data'] & { time: number | null };

/** A process summary record of GET /servers/{id}/processes/data/: who, when, and whichever usage fields have a value. */
export const summaryRecord = seriesRecord.extend({ uid: z.string(), name: z.string(), args: z.string().nullable() });
export type SummaryRecord = z.infer<typeof summaryRecord>;

export const processKeys = {
  all: ['processes'] as const,
  ofServer: (serverId: number, at: number | null) => [...processKeys.all, 'server', serverId, at] as const,
  usage: (serverId: number, at: number | null) => [...processKeys.all, 'usage', serverId, at] as const,
  summary: (serverId: number, w: Window) => [...processKeys.all, 'summary', serverId, w.from, w.to, w.step] as const,
  data: (uid: string, w: Window) => [...processKeys.all, uid, 'data', w.from, w.to, w.step] as const,
  detail: (uid: string, time: number | null) => [...processKeys.all, uid, 'detail', time] as const,
};

export const processQueries = {
  /** Processes running now (at = null) or during the minute `at`. */
  ofServer: (serverId: number, at: number | null) =>
    queryOptions({
      queryKey: processKeys.ofServer(serverId, at),
      queryFn: ({ signal }) =>
        fetchAllPages(`/servers/${serverId}/processes/`, processItem, at === null ? {} : { start: at, end: at + 59 }, 8, signal),
      placeholderData: keepPreviousData,
    }),
  /**
   * Every process of the minute `at` (null: the server's latest minute) with its usage, in one request:
   * the server's process summary records of that one minute (at most 2,500 a page).
   */
  usageAt: (serverId: number, at: number | null) =>
    queryOptions({
      queryKey: processKeys.usage(serverId, at),
      queryFn: ({ signal }) =>
        fetchAllPages(`/servers/${serverId}/processes/data/`, summaryRecord, at === null ? { num: 1, time_step: 'Minute' } : { start: at, end: at, time_step: 'Minute' }, 4, signal),
      placeholderData: keepPreviousData,
    }),
  /** Per-process summary records at the minute `at` (cpu, memory, ... by uid). */
  summaryAt: (serverId: number, at: number) =>
    queryOptions({
      queryKey: processKeys.summary(serverId, { from: at, to: at, step: 'Minute' }),
      queryFn: ({ signal }) =>
        fetchAllPages(`/servers/${serverId}/processes/data/`, seriesRecord, { start: at, end: at, time_step: 'Minute' }, 8, signal),
    }),
  data: (uid: string, w: Window) =>
    queryOptions({
      queryKey: processKeys.data(uid, w),
      queryFn: ({ signal }) => fetchAllPages(`/processes/${encodeURIComponent(uid)}/data/`, seriesRecord, windowParams(w), 10, signal),
      placeholderData: keepPreviousData,
    }),
  /** Files and threads at the minute `time`, else at the nearest minute that has them (`time` says which); null: the latest. */
  detail: (uid: string, time: number | null) =>
    queryOptions({
      queryKey: processKeys.detail(uid, time),
      queryFn: ({ signal }): Promise<ProcessDetail> =>
        api('GET', `/processes/${encodeURIComponent(uid)}/detail/`, {
          params: time === null ? {} : { time, nearest: true },
          schema: processDetail,
          signal,
        }).then((r) => ({ ...r.data, time: r.time ?? null })),
    }),
};

export const useServerProcesses = (serverId: number, at: number | null) => useQuery(processQueries.ofServer(serverId, at));
export const useProcessUsage = (serverId: number, at: number | null) => useQuery(processQueries.usageAt(serverId, at));
export const useProcessData = (uid: string, w: Window) => useQuery(processQueries.data(uid, w));
export const useProcessDetail = (uid: string, time: number | null) => useQuery(processQueries.detail(uid, time));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { logMessageRecord, type LogMessageRecord } from '../../shared/log-data';
import { logItem } from '../../shared/logs';
import { traceResponse, transactionLogEntry, type TraceQuery } from '../../shared/transaction-data';
import { pagedSchema } from '../../shared/paging';
import { api, fetchAllPages, type Params } from './client';

export const traceKeys = {
  all: ['transactions'] as const,
  logs: () => [...traceKeys.all, 'logs'] as const,
  messages: (logId: number, from: number, to: number, filter: string) => [...traceKeys.all, 'messages', logId, from, to, filter] as const,
  entries: (type: 'url' | 'sql', lid: number, start: number, duration: number) => [...traceKeys.all, 'entries', type, lid, start, duration] as const,
  trace: (q: TraceQuery) => [...traceKeys.all, 'trace', q] as const,
};

export const traceQueries = {
  logs: () => queryOptions({ queryKey: traceKeys.logs(), queryFn: ({ signal }) => fetchAllPages('/transactions/logs', logItem, {}, 10, signal) }),
  /** The newest 200 messages of a transaction log from minute `from` to minute `to`, with the total count. */
  messages: (logId: number, from: number, to: number, filter: string) =>
    queryOptions({
      queryKey: traceKeys.messages(logId, from, to, filter),
      queryFn: async ({ signal }): Promise<{ count: number; rows: LogMessageRecord[] }> => {
        const r = await api('GET', `/transactions/logs/${logId}/detail/`, {
          params: { start: from, end: to, time_step: 'Minute', filter: filter || undefined, limit: 200 },
          schema: pagedSchema(logMessageRecord),
          signal,
        });
        return { count: r.pagination.count, rows: r.data };
      },
      placeholderData: keepPreviousData,
    }),
  /** The detail objects of /transactions/log/ for a span (the messages a trace starts from). */
  entries: (type: 'url' | 'sql', lid: number, start: number, duration: number) =>
    queryOptions({
      queryKey: traceKeys.entries(type, lid, start, duration),
      queryFn: ({ signal }) => api('GET', '/transactions/log/', { params: { type, lid, start, duration }, schema: z.array(transactionLogEntry), signal }),
    }),
  trace: (q: TraceQuery) =>
    queryOptions({ queryKey: traceKeys.trace(q), queryFn: ({ signal }) => api('GET', '/transactions/trace/', { params: q as Params, schema: traceResponse, signal }), staleTime: Infinity }),
};

export const useTransactionLogs = () => useQuery(traceQueries.logs());
export const useTransactionMessages = (logId: number, from: number, to: number, filter: string) => useQuery(traceQueries.messages(logId, from, to, filter));
export const useTrace = (q: TraceQuery | null) => useQuery({ ...traceQueries.trace(q ?? { time: 0 }), enabled: q !== null });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { logMessageRecord, type LogMessageRecord } from '../../shared/log-data';
import { logItem } from '../../shared/logs';
import { traceResponse, transactionLogEntry, type TraceQuery } from '../../shared/transaction-data';
import { pagedSchema } from '../../shared/paging';
import { api, fetchAllPages, type Params } from './client';

/** Messages per page of a transaction log. */
export const TRANSACTION_PAGE = 100;

/** Which page of a transaction log's messages: minutes, the API's filter, order and page. */
export interface TransactionPageQuery {
  from: number;
  to: number;
  filter: string;
  order: 'time' | 'duration';
  page: number;
}

export const traceKeys = {
  all: ['transactions'] as const,
  logs: () => [...traceKeys.all, 'logs'] as const,
  messages: (logId: number, q: TransactionPageQuery) => [...traceKeys.all, 'messages', logId, q] as const,
  entries: (type: 'url' | 'sql', lid: number, start: number, duration: number) => [...traceKeys.all, 'entries', type, lid, start, duration] as const,
  trace: (q: TraceQuery) => [...traceKeys.all, 'trace', q] as const,
};

export const traceQueries = {
  logs: () => queryOptions({ queryKey: traceKeys.logs(), queryFn: ({ signal }) => fetchAllPages('/transactions/logs', logItem, {}, 10, signal) }),
  /** One page of a transaction log's messages in a range, newest or slowest first, with the count of all. */
  messages: (logId: number, q: TransactionPageQuery) =>
    queryOptions({
      queryKey: traceKeys.messages(logId, q),
      queryFn: async ({ signal }): Promise<{ count: number; rows: LogMessageRecord[] }> => {
        const r = await api('GET', `/transactions/logs/${logId}/detail/`, {
          params: { start: q.from, end: q.to, time_step: 'Minute', filter: q.filter || undefined, order: q.order, limit: TRANSACTION_PAGE, page: q.page },
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
export const useTransactionMessages = (logId: number, q: TransactionPageQuery) => useQuery(traceQueries.messages(logId, q));
export const useTrace = (q: TraceQuery | null) => useQuery({ ...traceQueries.trace(q ?? { time: 0 }), enabled: q !== null });

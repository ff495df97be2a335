import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logSearchItem, type LogSearchItem } from '../../shared/log-search';
import { pagedSchema } from '../../shared/paging';
import { api, type Params } from './client';

/** What one search asks the API (GET /logs/search/): the filter, the window and the page. */
export interface LogSearchRequest {
  filter: string;
  severity: string;
  servers: number[];
  tags: number[];
  sets: number[];
  sourceTypes: string[];
  start: number;
  end: number;
  limit: number;
  page: number;
}

export const logSearchKeys = {
  all: ['logs', 'search'] as const,
  results: (r: LogSearchRequest) => [...logSearchKeys.all, r] as const,
};

const list = (ids: readonly (number | string)[]) => (ids.length ? ids : undefined);

/** The request as the API's parameters: empty filters left out, lists as JSON text. */
export function searchParams(r: LogSearchRequest): Params {
  return {
    filter: r.filter || undefined, severity: r.severity || undefined, servers: list(r.servers), tags: list(r.tags), sets: list(r.sets),
    source_type: list(r.sourceTypes), start: r.start, end: r.end, limit: r.limit, page: r.page,
  };
}

export const logSearchQueries = {
  /** One page of messages found, newest first, with the count of all. */
  results: (r: LogSearchRequest) =>
    queryOptions({
      queryKey: logSearchKeys.results(r),
      queryFn: async ({ signal }): Promise<{ count: number; rows: LogSearchItem[] }> => {
        const page = await api('GET', '/logs/search/', { params: searchParams(r), schema: pagedSchema(logSearchItem), signal });
        return { count: page.pagination.count, rows: page.data };
      },
      placeholderData: keepPreviousData,
    }),
};

export const useLogSearch = (r: LogSearchRequest) => useQuery(logSearchQueries.results(r));

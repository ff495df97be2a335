import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntry } from '../../shared/audit';
import { pagedSchema } from '../../shared/paging';
import { api } from './client';

/** The filters of the audit page (the service filters: GET /audit/?user_id=&action=&resource=&start=&end=). */
export interface AuditQuery {
  page: number;
  resource?: string;
  action?: string;
  userId?: number;
  /** Epoch seconds, inclusive. */
  start?: number;
  end?: number;
}

export const AUDIT_PAGE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditQuery) => [...auditKeys.all, 'list', q.page, q.resource ?? '', q.action ?? '', q.userId ?? null, q.start ?? null, q.end ?? null] as const,
};

export const auditQueries = {
  list: (q: AuditQuery) =>
    queryOptions({
      queryKey: auditKeys.list(q),
      queryFn: ({ signal }) =>
        api('GET', '/audit/', {
          params: { limit: AUDIT_PAGE, page: q.page, resource: q.resource || undefined, action: q.action || undefined, user_id: q.userId, start: q.start, end: q.end },
          schema: pagedSchema(auditEntry),
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

export const useAudit = (q: AuditQuery) => useQuery(auditQueries.list(q));

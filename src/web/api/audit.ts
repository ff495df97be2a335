import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntry } from '../../shared/audit';
import { pagedSchema } from '../../shared/paging';
import { api } from './client';

/** The filters of the audit page. */
export interface AuditQuery {
  page: number;
  resource?: string;
}

export const AUDIT_PAGE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditQuery) => [...auditKeys.all, 'list', q.page, q.resource ?? ''] as const,
};

export const auditQueries = {
  list: (q: AuditQuery) =>
    queryOptions({
      queryKey: auditKeys.list(q),
      queryFn: ({ signal }) => api('GET', '/audit/', { params: { limit: AUDIT_PAGE, page: q.page, resource: q.resource || undefined }, schema: pagedSchema(auditEntry), signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useAudit = (q: AuditQuery) => useQuery(auditQueries.list(q));

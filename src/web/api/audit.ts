import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pagedSchema } from '../../shared/paging';
import { api } from './client';

/** An audit entry as GET /audit/ answers it: who changed what, when, and the item before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  resource: z.string(),
  resource_id: z.union([z.number(), z.string()]).nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

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

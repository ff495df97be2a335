import { z } from 'zod';
import { intParam, listFilter } from './params';
import { pagingQuery } from './paging';

/** One entry of the audit log: who changed what, when, with the item before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  method: z.string(),
  path: z.string(),
  resource: z.string(),
  resource_id: z.number().int().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryItem = z.infer<typeof auditEntry>;

/**
 * GET /audit/: paging plus optional `resource`, `action` (create, update, delete, ...), `user_id`,
 * `start` and `end` (epoch seconds, inclusive; end before start is refused).
 */
export const auditListQuery = pagingQuery
  .extend({
    resource: listFilter(z.string({ error: 'resource must be text' }).max(100, { error: 'resource must be at most 100 characters' })),
    action: listFilter(z.string({ error: 'action must be text' }).max(100, { error: 'action must be at most 100 characters' })),
    user_id: listFilter(intParam('user_id', { min: 1 })),
    start: listFilter(intParam('start', { min: 0 })),
    end: listFilter(intParam('end', { min: 0 })),
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.end >= q.start, { error: 'end must not be before start', path: ['end'] });

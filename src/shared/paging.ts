import { z } from 'zod';
import { intParam } from './params';

/** Page size limits of every paged list (spec: Limits). */
export const PAGE_LIMIT_MAX = 2500;

/**
 * Highest page number: page * limit must stay a safe integer, or the OFFSET handed to the store would
 * lose precision (and overflow SQLite's 64-bit integer), so a huge page is a 400, never a 500.
 */
export const PAGE_MAX = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_LIMIT_MAX);

/** The zero-based `page` parameter of every paged list, default 0. */
export const pageParam = () => intParam('page', { min: 0, max: PAGE_MAX }).default(0);

/** The P parameters: `limit` (1..2500, default 2500) and zero-based `page`. */
export const pagingQuery = z.object({
  limit: intParam('limit', { min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_MAX),
  page: pageParam(),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** The envelope of every paged response. next/previous are request paths, null at the ends. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pagination: z.object({
      count: z.number().int(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
    }),
    data: z.array(item),
  });
}
export type Paged<T> = { pagination: { count: number; next: string | null; previous: string | null }; data: T[] };

/** A page of items from a store, before links are added. */
export interface Page<T> {
  total: number;
  items: T[];
}

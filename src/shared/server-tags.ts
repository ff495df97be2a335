import { z } from 'zod';
import { idListParam, listFilter, textParam } from './params';
import { pagingQuery } from './paging';

/** A server tag as the API answers it. */
export const serverTag = z.object({
  id: z.number().int(),
  name: z.string(),
  servers: z.array(z.number().int()),
  url: z.string(),
});
export type ServerTag = z.infer<typeof serverTag>;

/** GET /server_tags/: P plus `filter`, a case-insensitive substring of the name. */
export const serverTagListQuery = pagingQuery.extend({ filter: listFilter(z.string({ error: 'filter must be text' })) });

/** The spec allows 1-256 characters on create but only 1-64 on update. */
export const serverTagCreate = z.object({
  name: textParam('name', 1, 256),
  servers: idListParam('servers'),
});
export const serverTagUpdate = z.object({
  name: textParam('name', 1, 64),
  servers: idListParam('servers'),
});
export type ServerTagInput = z.infer<typeof serverTagCreate>;

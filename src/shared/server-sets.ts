import { z } from 'zod';
import { boolParam, intParam, jsonListParam, listFilter, textParam } from './params';
import { pagingQuery } from './paging';

/** A server set as the API answers it; server_tags are item paths of the tags. */
export const serverSet = z.object({
  id: z.number().int(),
  name: z.string(),
  servers: z.array(z.number().int()),
  server_tags: z.array(z.string()),
  auto_detection: z.boolean(),
  applications: z.array(z.number().int()),
  url: z.string(),
});
export type ServerSet = z.infer<typeof serverSet>;

/** GET /server_sets/: P plus `filter`, a case-insensitive substring of the name. */
export const serverSetListQuery = pagingQuery.extend({ filter: listFilter(z.string({ error: 'filter must be text' })) });

/** A tag id, also accepted as the item path that responses show, so a set can be sent back as read. */
const tagRef = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const m = /^(?:\/api(?:\/v5)?\/server_tags\/)?(\d+)\/?$/.exec(v.trim());
  return m ? Number(m[1]) : v;
}, intParam('each id in server_tags', { min: 1 }));

/** POST and PUT /server_sets/: the same rules on both. */
export const serverSetInput = z.object({
  name: textParam('name', 1, 64),
  server_tags: jsonListParam('server_tags', tagRef),
  auto_detection: boolParam('auto_detection').optional(),
});
export type ServerSetInput = z.infer<typeof serverSetInput>;

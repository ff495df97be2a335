import { z } from 'zod';
import { SEVERITIES } from './ingest';
import { LOG_FILTER_MAX } from './log-data';
import { ALL_LOG_TYPES, LOG_SOURCE_TYPES } from './logs';
import { pageParam } from './paging';
import { epochParam, idListParam, intParam, jsonListParam, listFilter } from './params';

/** Without `start`, the search reads this many seconds before `end` (the last hour). */
export const LOG_SEARCH_DEFAULT_WINDOW = 3600;
/** The longest window one search may read: bounded work whatever the account's history. */
export const LOG_SEARCH_MAX_WINDOW = 7 * 86400;
/** Page size: default and most. */
export const LOG_SEARCH_LIMIT_DEFAULT = 100;
export const LOG_SEARCH_LIMIT_MAX = 500;

const severity = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(SEVERITIES, { error: 'severity must be one of info, warning, critical' }),
);
const sourceType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(LOG_SOURCE_TYPES, { error: 'each source_type must be EVENTLOG, SYSLOG or FILE' }),
);

/**
 * GET /logs/search/ (beyond the spec, issue 17): messages of every log of the account, newest first.
 * `filter` is a case-insensitive contains match on the message; `servers`, `tags`, `sets` (id lists)
 * and `source_type` narrow the logs searched; `start`/`end` (epoch seconds) the window, at most 7 days.
 */
export const logSearchQuery = z
  .object({
    filter: listFilter(z.string({ error: 'filter must be text' }).max(LOG_FILTER_MAX, { error: `filter must be at most ${LOG_FILTER_MAX} characters` })),
    severity: listFilter(severity),
    servers: listFilter(idListParam('servers')),
    tags: listFilter(idListParam('tags')),
    sets: listFilter(idListParam('sets')),
    source_type: listFilter(jsonListParam('source_type', sourceType)),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
    limit: intParam('limit', { min: 1, max: LOG_SEARCH_LIMIT_MAX }).default(LOG_SEARCH_LIMIT_DEFAULT),
    page: pageParam(),
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start > q.end) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'start must not be after end' });
    }
  });
export type LogSearchQuery = z.output<typeof logSearchQuery>;

/** One message found: its time (epoch seconds), severity and text, with its log and server. */
export const logSearchItem = z.object({
  time: z.number().int(),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  log_id: z.number().int(),
  source_type: z.enum(ALL_LOG_TYPES),
  source: z.string(),
  server_id: z.number().int(),
  hostname: z.string(),
  nickname: z.string(),
});
export type LogSearchItem = z.infer<typeof logSearchItem>;

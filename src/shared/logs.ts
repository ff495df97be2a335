import { z } from 'zod';
import { intParam, listFilter } from './params';
import { pagingQuery } from './paging';

/** Source types a person configures through /api/logs/. */
export const LOG_SOURCE_TYPES = ['EVENTLOG', 'SYSLOG', 'FILE'] as const;
/** Source types of transaction logs, created and deleted by the transactions setting only. */
export const TRANSACTION_LOG_TYPES = ['AFSQL', 'AFURL'] as const;
export const ALL_LOG_TYPES = [...LOG_SOURCE_TYPES, ...TRANSACTION_LOG_TYPES] as const;
export type LogSourceType = (typeof LOG_SOURCE_TYPES)[number];
export type AnyLogType = (typeof ALL_LOG_TYPES)[number];

export const EVENTLOG_SOURCES = ['Application', 'System', 'Security'] as const;
/** Messages collected per minute: the spec's default, and our bounds (1..100,000). */
export const LOG_LIMIT_DEFAULT = 2000;
export const LOG_LIMIT_MAX = 100_000;
/** Longest FILE path accepted (Linux PATH_MAX). */
export const LOG_PATH_MAX = 4096;

/** A log as GET answers it. */
export const logItem = z.object({
  id: z.number().int(),
  server_id: z.number().int(),
  source_type: z.enum(ALL_LOG_TYPES),
  source: z.string(),
  limit: z.number().int(),
  url: z.string(),
});
export type LogItem = z.infer<typeof logItem>;

/** Create and update responses name the item path `resource_url` instead of `url` (spec: Log). */
export const logWritten = logItem.omit({ url: true }).extend({ resource_url: z.string() });
export type LogWritten = z.infer<typeof logWritten>;

/** GET /logs/: P, plus an optional `server` (id) to list one server's logs. */
export const logListQuery = pagingQuery.extend({ server: listFilter(intParam('server', { min: 1 })) });

const logType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'type must be text' })
    .refine((t) => (LOG_SOURCE_TYPES as readonly string[]).includes(t), {
      error: 'type must be EVENTLOG, SYSLOG or FILE (AFSQL and AFURL logs come from the transactions setting)',
    })
    .transform((t) => t as LogSourceType),
);

/** Windows drive (C:\ or C:/), UNC (\\host\share) or Unix absolute path. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;

/**
 * The source rule of each type, applied after trimming. Returns the canonical source (EVENTLOG names
 * in their spelled case, ports without leading zeros) so that the same log is never stored twice.
 */
export function checkLogSource(type: LogSourceType, raw: string): { ok: true; source: string } | { ok: false; message: string } {
  const s = raw.trim();
  if (type === 'EVENTLOG') {
    const name = EVENTLOG_SOURCES.find((n) => n.toLowerCase() === s.toLowerCase());
    return name ? { ok: true, source: name } : { ok: false, message: 'source must be Application, System or Security for EVENTLOG' };
  }
  if (type === 'SYSLOG') {
    const port = /^\d{1,5}$/.test(s) ? Number(s) : NaN;
    return port >= 1 && port <= 65535
      ? { ok: true, source: String(port) }
      : { ok: false, message: 'source must be a port number 1-65535 for SYSLOG' };
  }
  if (s.length > LOG_PATH_MAX || !ABSOLUTE_PATH.test(s) || /[\0\r\n]/.test(s)) {
    return { ok: false, message: `source must be an absolute file path (at most ${LOG_PATH_MAX} characters) for FILE` };
  }
  return { ok: true, source: s };
}

/** POST and PUT /logs/: server, type and source required; an omitted limit is the default 2000. */
export const logInput = z
  .object({
    server: intParam('server', { min: 1 }),
    type: logType,
    source: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'source must be text' })),
    limit: intParam('limit', { min: 1, max: LOG_LIMIT_MAX }).default(LOG_LIMIT_DEFAULT),
  })
  .transform((v, ctx) => {
    const r = checkLogSource(v.type, v.source);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: r.message });
      return z.NEVER;
    }
    return { ...v, source: r.source };
  });
export type LogInput = z.infer<typeof logInput>;

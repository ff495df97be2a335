import { z } from 'zod';
import { nextOccurrences } from './maintenance-occurrences';
import { epochParam, idListParam, intParam } from './params';
import { pagingQuery } from './paging';
import { checkRrule } from './rrule-text';
import { everOccurs } from './rrule-window';
import { canonicalZone, epochToWall, wallToEpoch } from './time-zones';
import { parseUtcMinute } from './utc-time';

const base = {
  id: z.number().int(),
  started: z.boolean(),
  ended: z.boolean(),
  reason: z.string(),
  servers: z.array(z.number().int()),
  url: z.string(),
  // Extensions (issue 12): recurrence and a scope by tags and sets; null and [] for a plain window.
  rrule: z.string().nullable(),
  duration: z.number().int().nullable(),
  time_zone: z.string(),
  server_tags: z.array(z.number().int()),
  server_sets: z.array(z.number().int()),
};

/**
 * A window as lists and GET answer it: start and end as epoch seconds. A recurring window's start is
 * its first occurrence's and its end the until (null: it recurs without end); started/ended then
 * tell whether an occurrence runs now and whether the last one is over.
 */
export const maintenanceWindow = z.object({ ...base, start: z.number().int(), end: z.number().int().nullable() });
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/** A window as create and update answer it: start and end as `yyyy-mm-dd hh:mm:ss` in its time_zone (UTC by default). */
export const maintenanceWindowWritten = z.object({ ...base, start: z.string(), end: z.string().nullable() });
export type MaintenanceWindowWritten = z.infer<typeof maintenanceWindowWritten>;

export const maintenanceWindowListQuery = pagingQuery;

const MAX_SCOPE_IDS = 500;

/**
 * A window's time: `yyyy-mm-dd hh:mm`, the wall time in the window's zone (UTC unless time_zone says
 * otherwise). As an extension for existing clients (afapi sends epoch seconds), whole epoch seconds
 * are accepted too, as a number or as digits: they are instants, whatever the zone.
 */
export function readMinute(value: unknown, zone: string): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^\d{1,11}$/.test(text)) return Number(text);
  const wall = typeof value === 'number' ? null : parseUtcMinute(text);
  return wall === null ? null : zone === 'UTC' ? wall : wallToEpoch(wall, zone);
}

const minuteMessage = (field: string, zone: string) =>
  zone === 'UTC' ? `${field} must be a UTC time written yyyy-mm-dd hh:mm` : `${field} must be a time written yyyy-mm-dd hh:mm (${zone})`;

/** Empty text is the field not given (forms send every field). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const scopeList = (field: string) =>
  optional(idListParam(field).refine((ids) => ids.length <= MAX_SCOPE_IDS, { error: `${field} must list at most ${MAX_SCOPE_IDS} ids` }));

const rruleParam = z.string({ error: 'rrule must be text' }).transform((text, ctx) => {
  const r = checkRrule(text);
  if ('error' in r) {
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  }
  return r.rule;
});

const timeZoneParam = z.string({ error: 'time_zone must be text' }).transform((name, ctx) => {
  const zone = canonicalZone(name.trim());
  if (!zone) {
    ctx.addIssue({ code: 'custom', message: `time_zone: unknown time zone "${name}" (an IANA name such as Europe/Berlin)` });
    return z.NEVER;
  }
  return zone;
});

/**
 * POST and PUT /maintenance_windows/. A plain window needs start, end and servers, end after start
 * (the spec's rules). Extensions: `rrule` with `duration` (minutes) repeats the window from start,
 * `end` then being the optional until; `time_zone` places the text times (and the rule) in an IANA
 * zone; `server_tags` and `server_sets` scope it besides `servers` (one of the three must list ids).
 */
export const maintenanceWindowInput = z
  .object({
    start: z.unknown().optional(),
    end: z.unknown().optional(),
    reason: z.string({ error: 'reason must be text' }).max(1024, { error: 'reason must be at most 1024 characters' }).optional(),
    servers: idListParam('servers').optional(),
    server_tags: scopeList('server_tags'),
    server_sets: scopeList('server_sets'),
    rrule: optional(rruleParam),
    duration: optional(intParam('duration', { min: 1, max: 525_600 })),
    time_zone: optional(timeZoneParam),
  })
  .transform((w, ctx) => {
    const zone = w.time_zone ?? 'UTC';
    const fail = (field: string, message: string) => {
      ctx.addIssue({ code: 'custom', message, path: [field] });
      return z.NEVER;
    };
    const start = readMinute(w.start, zone);
    if (start === null) return fail('start', minuteMessage('start', zone));
    const recurring = w.rrule !== undefined;
    const end = w.end === undefined && recurring ? null : readMinute(w.end, zone);
    if (end === null && !recurring) return fail('end', minuteMessage('end', zone));
    if (end !== null && end <= start) return fail('end', 'end must be after start');
    const scoped = (w.server_tags?.length ?? 0) + (w.server_sets?.length ?? 0) > 0;
    if (w.servers === undefined && !scoped && w.server_tags === undefined && w.server_sets === undefined) return fail('servers', 'servers is required');
    if (!w.servers?.length && !scoped) {
      if (!w.server_tags && !w.server_sets) return fail('servers', 'servers must list at least one server');
      // Named on a field that was given: a missing one would read "... is required".
      return fail(w.servers ? 'servers' : w.server_tags ? 'server_tags' : 'server_sets', 'servers, server_tags or server_sets must list at least one id');
    }
    if (recurring && w.duration === undefined) return fail('duration', 'duration is required with rrule');
    if (!recurring && w.duration !== undefined) return fail('duration', 'duration is taken only with rrule (a recurring window)');
    const rule = { start, end, rrule: w.rrule ?? null, duration: w.duration ?? null, timeZone: zone };
    if (rule.rrule && !everOccurs(rule.rrule, epochToWall(start, zone))) return fail('rrule', 'rrule: no date satisfies the rule');
    if (rule.rrule && !nextOccurrences(rule, start, 1).length) return fail('rrule', 'rrule: the rule has no occurrence within 5 years of start');
    return { ...rule, reason: w.reason, servers: w.servers ?? [], serverTags: w.server_tags ?? [], serverSets: w.server_sets ?? [] };
  });
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInput>;

/** One occurrence of a window, as the occurrences endpoint lists it (epoch seconds). */
export const maintenanceOccurrence = z.object({ start: z.number().int(), end: z.number().int() });

/** GET /maintenance_windows/{id}/occurrences/: a range of at most a year, paged. */
export const OCCURRENCE_RANGE_MAX = 366 * 86_400;
export const maintenanceOccurrenceQuery = pagingQuery
  .extend({ start: epochParam('start'), end: epochParam('end') })
  .refine((q) => q.end > q.start, { error: 'end must be after start', path: ['end'] })
  .refine((q) => q.end - q.start <= OCCURRENCE_RANGE_MAX, { error: 'end must be at most 366 days after start', path: ['end'] });

import { z } from 'zod';
import { idListParam } from './params';
import { pagingQuery } from './paging';
import { parseUtcMinute } from './utc-time';

const base = {
  id: z.number().int(),
  started: z.boolean(),
  ended: z.boolean(),
  reason: z.string(),
  servers: z.array(z.number().int()),
  url: z.string(),
};

/** A window as lists and GET answer it: start and end as epoch seconds. */
export const maintenanceWindow = z.object({ ...base, start: z.number().int(), end: z.number().int() });
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/** A window as create and update answer it: start and end as `yyyy-mm-dd hh:mm:ss` UTC. */
export const maintenanceWindowWritten = z.object({ ...base, start: z.string(), end: z.string() });
export type MaintenanceWindowWritten = z.infer<typeof maintenanceWindowWritten>;

export const maintenanceWindowListQuery = pagingQuery;

/**
 * A `yyyy-mm-dd hh:mm` UTC time, parsed to epoch seconds. As an extension for existing clients
 * (afapi sends epoch seconds), whole epoch seconds are accepted too, as a number or as digits.
 */
export function utcMinuteParam(field: string) {
  const msg = `${field} must be a UTC time written yyyy-mm-dd hh:mm`;
  return z.union([z.string(), z.number()], { error: msg }).transform((value, ctx) => {
    const text = String(value).trim();
    const epoch = /^\d{1,11}$/.test(text) ? Number(text) : typeof value === 'number' ? null : parseUtcMinute(text);
    if (epoch === null) {
      ctx.addIssue({ code: 'custom', message: msg });
      return z.NEVER;
    }
    return epoch;
  });
}

/** POST and PUT /maintenance_windows/: start, end and servers required; end after start. */
export const maintenanceWindowInput = z
  .object({
    start: utcMinuteParam('start'),
    end: utcMinuteParam('end'),
    reason: z.string({ error: 'reason must be text' }).max(1024, { error: 'reason must be at most 1024 characters' }).optional(),
    servers: idListParam('servers').refine((s) => s.length > 0, { error: 'servers must list at least one server' }),
  })
  .refine((w) => w.end > w.start, { error: 'end must be after start', path: ['end'] });
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInput>;

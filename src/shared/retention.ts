import { z } from 'zod';
import { intParam } from './params';

/** What the store keeps for a limited time, each with its own retention (issue 21). */
export const RETENTION_CATEGORIES = ['minute', 'hour', 'day', 'process_details', 'logs', 'traces', 'alert_histories'] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

/** Days each category is kept; null keeps it forever (only where `FOREVER_ALLOWED` says so). */
export type RetentionDays = Record<RetentionCategory, number | null>;

/** The service's retention before issue 21: minute data (and the logs, traces and process details written with it) 30 days, hours 400, days and alert histories forever. */
export const DEFAULT_RETENTION_DAYS: RetentionDays = {
  minute: 30,
  hour: 400,
  day: null,
  process_details: 30,
  logs: 30,
  traces: 30,
  alert_histories: null,
};

/**
 * Bounds in days. The categories written every minute by every server must end (a bounded disk is the
 * point); rollups and alert histories are small and may be kept forever.
 */
export const RETENTION_BOUNDS: Record<RetentionCategory, { min: number; max: number; forever: boolean }> = {
  minute: { min: 1, max: 400, forever: false },
  hour: { min: 1, max: 3650, forever: true },
  day: { min: 1, max: 36500, forever: true },
  process_details: { min: 1, max: 400, forever: false },
  logs: { min: 1, max: 400, forever: false },
  traces: { min: 1, max: 400, forever: false },
  alert_histories: { min: 1, max: 36500, forever: true },
};

export const RETENTION_LABELS: Record<RetentionCategory, string> = {
  minute: 'Minute series',
  hour: 'Hour series',
  day: 'Day series',
  process_details: 'Process details',
  logs: 'Logs',
  traces: 'Traces',
  alert_histories: 'Alert histories',
};

const longer = (a: number | null, b: number | null) => a === null || (b !== null && a >= b);

/**
 * The rules across categories: a coarser series outlives the finer one it is rolled up from, so a
 * chart never has a hole between the minutes and the hours. Answers the broken rule's message and field.
 */
export function retentionProblem(d: RetentionDays): { message: string; field: RetentionCategory } | null {
  if (!longer(d.hour, d.minute)) return { message: `hour (${d.hour} days) must be at least minute (${d.minute} days)`, field: 'hour' };
  if (!longer(d.day, d.hour)) return { message: `day (${d.day ?? 'forever'}) must be at least hour (${d.hour ?? 'forever'} days)`, field: 'day' };
  return null;
}

/** One category in a change: days as a number or text; 0 means forever where that is allowed. */
const daysParam = (c: RetentionCategory) => {
  const b = RETENTION_BOUNDS[c];
  const n = intParam(c, { min: b.forever ? 0 : b.min, max: b.max });
  // JSON null reads as 0: forever.
  return z
    .preprocess((v) => (v === null ? 0 : v), n)
    .transform((v) => (v === 0 ? null : v))
    .refine((v) => v !== null || b.forever, { error: `${c} cannot be kept forever` })
    .optional();
};

/** PUT /retention/: the categories given change, the others stay; the result must satisfy retentionProblem. */
export const retentionInput = z
  .object(Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, daysParam(c)])) as Record<RetentionCategory, ReturnType<typeof daysParam>>)
  .strict()
  .refine((s) => RETENTION_CATEGORIES.some((c) => s[c] !== undefined), { error: `give at least one of ${RETENTION_CATEGORIES.join(', ')}` });
export type RetentionInput = z.infer<typeof retentionInput>;

const days = z.number().int().nullable();
const retentionDays = z.object(Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, days])) as Record<RetentionCategory, typeof days>);

/** One category's retention and the disk it takes for the account. */
export const retentionUsage = z.object({
  category: z.enum(RETENTION_CATEGORIES),
  keep_days: days,
  /** Rows of the account in the category now. */
  rows: z.number().int(),
  /** Bytes the account's rows take now, tables and indexes (see docs/retention.md for the method). */
  bytes: z.number().int(),
  /** Bytes the account's rows of the last 24 hours take: what one more day adds before retention removes as much. */
  growth_per_day: z.number().int(),
});
export type RetentionUsage = z.infer<typeof retentionUsage>;

/** The store's size as a whole (every account), and the free disk where the store can tell it. */
export const storeSize = z.object({
  kind: z.enum(['sqlite', 'postgres']),
  total_bytes: z.number().int(),
  /** The SQLite write-ahead log; null on PostgreSQL. */
  wal_bytes: z.number().int().nullable(),
  /** Free disk of the data directory's file system; null where unknown (PostgreSQL). */
  free_bytes: z.number().int().nullable(),
});
export type StoreSize = z.infer<typeof storeSize>;

/** GET/PUT /retention/ answer. */
export const retention = z.object({
  retention: retentionDays,
  defaults: retentionDays,
  usage: z.array(retentionUsage),
  store: storeSize,
});
export type Retention = z.infer<typeof retention>;

export const RETENTION_PATH = '/api/v5/retention/';

import { z } from 'zod';
import { intParam } from './params';
import { processItem } from './telemetry';

/** The latest time the investigation endpoints take (the last second of year 9999), so no store sees an unbounded number. */
export const MAX_TIME = 253_402_300_799;

/** An epoch-seconds parameter of the investigation endpoints, read as the minute that contains it. */
export const minuteParam = (field: string) => intParam(field, { min: 0, max: MAX_TIME }).transform((t) => Math.floor(t / 60) * 60);

/** The process fields a diff compares: the "top movers" in CPU, memory, threads and open files. */
export const DIFF_FIELDS = ['cpu', 'memory', 'thread_num', 'file_num'] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** GET /servers/{id}/processes/diff/?from=&to=: two minutes of the server, `to` not before `from`. */
export const processDiffQuery = z
  .object({ from: minuteParam('from'), to: minuteParam('to') })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  });
export type ProcessDiffQuery = z.infer<typeof processDiffQuery>;

/** One field of a process at the two minutes; null where the process (or the field) was absent. */
export const fieldChange = z.object({ before: z.number().nullable(), after: z.number().nullable(), delta: z.number() });
export type FieldChange = z.infer<typeof fieldChange>;

/**
 * A process in a diff: its identity, `score` (the size of its change, see processDiff in
 * server/services/process-diff.ts) and each compared field before and after.
 */
export const diffItem = processItem.extend({
  score: z.number(),
  fields: z.object(Object.fromEntries(DIFF_FIELDS.map((f) => [f, fieldChange])) as Record<DiffField, typeof fieldChange>),
});
export type DiffItem = z.infer<typeof diffItem>;

/** The answer: processes started after `from`, ended before `to`, and running at both but changed. */
export const processDiffAnswer = z.object({
  from: z.number(),
  to: z.number(),
  started: z.array(diffItem),
  ended: z.array(diffItem),
  changed: z.array(diffItem),
});
export type ProcessDiffAnswer = z.infer<typeof processDiffAnswer>;

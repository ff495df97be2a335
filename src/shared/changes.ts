import { z } from 'zod';
import { intParam } from './params';
import { minuteParam } from './process-diff';

/** GET /servers/{id}/changes/?time=T[&limit=10]: the minute to explain and how many series to answer. */
export const changesQuery = z.object({
  time: minuteParam('time'),
  limit: intParam('limit', { min: 1, max: 100 }).default(10),
});
export type ChangesQuery = z.infer<typeof changesQuery>;

/** Which baseline a series was judged against (see server/services/change-score.ts). */
export const BASELINES = ['week', 'hour'] as const;
export type Baseline = (typeof BASELINES)[number];

/** One ranked series: a server field, or a field of one process. */
export const changeItem = z.object({
  kind: z.enum(['server', 'process']),
  /** The server field (`cpu`, `disk_busy.sda`) or the process field (`cpu`). */
  field: z.string(),
  /** The process's uid and name (process series only). */
  uid: z.string().optional(),
  name: z.string().optional(),
  value: z.number(),
  baseline: z.enum(BASELINES),
  /** How many baseline values were read, their median and median absolute deviation. */
  baseline_size: z.number().int(),
  median: z.number(),
  mad: z.number(),
  /** The robust z-score, (value - median) / scale, capped to ±99: how unusual, not how big. */
  score: z.number(),
  /** value - median, in the series' unit (CPU points, bytes, bytes/s, count). */
  change: z.number(),
  /**
   * The ranking key: the change measured in the size of the whole server (CPU: of 100 points; fields
   * without a capacity: of the server's usual level). A server series counts only for the part of its
   * change its processes do not explain.
   */
  impact: z.number(),
  /** Process series: its change over the server's change in that field (0.98: it explains 98 %). */
  share: z.number().optional(),
  /** Process series: the server's change in that field, for "98 % of +50 points". */
  server_change: z.number().optional(),
  /** Whether |z| reaches 3.5: a departure unusual for this series. */
  unusual: z.boolean(),
  /** The series over the hour ending at the minute, oldest first, for a sparkline. */
  recent: z.array(z.object({ time: z.number(), value: z.number() })),
});
export type ChangeItem = z.infer<typeof changeItem>;

export const changesAnswer = z.object({ time: z.number(), items: z.array(changeItem) });
export type ChangesAnswer = z.infer<typeof changesAnswer>;

import { z } from 'zod';
import { jsonListParam, textParam } from './params';
import { pagingQuery } from './paging';
import { BUCKET_NAME_MAX, BUCKET_TYPES, parseStatsdLine, type StatsdLine } from './statsd';
import { timeSeriesQuery } from './timeseries';

/** A bucket as the API answers it; create_time and last_updated are epoch seconds. */
export const bucket = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(BUCKET_TYPES),
  create_time: z.number().int(),
  last_updated: z.number().int(),
  url: z.string(),
});
export type Bucket = z.infer<typeof bucket>;

export const bucketListQuery = pagingQuery;

/** Lines accepted in one POST. */
export const BUCKET_LINES_MAX = 10_000;

const quote = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * POST /buckets/: `buckets` is a JSON list of {value: "<name>:<value>[|type[|@rate]]"}. Every line is
 * checked before anything is stored; the first bad one is named by index and text.
 */
export const bucketPost = z.object({
  buckets: jsonListParam('buckets', z.unknown()).transform((items, ctx): StatsdLine[] => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (items.length === 0) return fail('buckets must hold at least one line');
    if (items.length > BUCKET_LINES_MAX) return fail(`buckets must hold at most ${BUCKET_LINES_MAX} lines`);
    const lines: StatsdLine[] = [];
    for (const [i, item] of items.entries()) {
      const value = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>).value : undefined;
      if (typeof value !== 'string') return fail(`buckets[${i}] must be an object with a text "value"`);
      const r = parseStatsdLine(value);
      if (!r.ok) return fail(`buckets[${i}] ${quote(value)}: ${r.error}`);
      lines.push(r.line);
    }
    return lines;
  }),
});

/** DELETE /buckets/?name=<name>. */
export const bucketDeleteByName = z.object({ name: textParam('name', 1, BUCKET_NAME_MAX) });

/** GET /buckets/{id}/data/: T with Minute only (beyond the spec), plus P. */
export const bucketDataQuery = timeSeriesQuery(['Minute']);

/** One minute of a bucket: counter sum, gauge last value, time mean with min and max, set distinct count. */
export const bucketPoint = z.object({
  time: z.number().int(),
  value: z.number(),
  count: z.number().int(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type BucketPoint = z.infer<typeof bucketPoint>;

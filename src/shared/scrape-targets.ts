import { z } from 'zod';
import { intParam } from './params';
import { jsonTooDeep, tooDeepMessage } from './json-depth';
import { pagingQuery } from './paging';

/** Seconds between scrapes of a target: at least 15, at most an hour, a minute by default. */
export const SCRAPE_INTERVAL = { min: 15, max: 3600, default: 60 } as const;
/** Most labels a target may carry, and their sizes. */
export const SCRAPE_LABELS_MAX = 32;

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** An http(s) URL without credentials (a scrape target's address; the network policy is the service's check). */
const scrapeUrl = z
  .string({ error: 'url must be text' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(2048, { error: 'url must be at most 2048 characters' })
  .superRefine((v, ctx) => {
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: `url is not a URL: ${v}` });
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: `url must be http or https, not ${u.protocol.replace(/:$/, '')}` });
    else if (u.username || u.password) ctx.addIssue({ code: 'custom', message: 'url must not carry credentials' });
  });

/** Labels: an object of strings (or its JSON text in a form field); names as Prometheus label names. */
const labels = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    if (jsonTooDeep(v)) {
      ctx.addIssue({ code: 'custom', message: tooDeepMessage('labels'), input: v });
      return z.NEVER;
    }
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol.for('invalid-json');
    }
  },
  z
    .record(z.string(), z.string({ error: 'labels: each value must be text' }).max(1024, { error: 'labels: a value is at most 1024 characters' }), {
      error: 'labels must be a JSON object of strings',
    })
    .refine((o) => Object.keys(o).length <= SCRAPE_LABELS_MAX, { error: `labels must have at most ${SCRAPE_LABELS_MAX} entries` })
    .refine((o) => Object.keys(o).every((k) => k.length <= 128 && LABEL_NAME.test(k)), {
      error: 'labels: each name must match [a-zA-Z_][a-zA-Z0-9_]* (at most 128 characters)',
    }),
);

/** Create and replace (PUT) input of a scrape target. */
export const scrapeTargetInput = z.object({
  url: scrapeUrl,
  interval: intParam('interval', { min: SCRAPE_INTERVAL.min, max: SCRAPE_INTERVAL.max }).default(SCRAPE_INTERVAL.default),
  labels: labels.default({}),
});
export type ScrapeTargetInput = z.infer<typeof scrapeTargetInput>;

export const scrapeTargetListQuery = pagingQuery;

/** A scrape target as the API answers it: what was set, and the state of its scrapes (read-only). */
export const scrapeTargetItem = z.object({
  id: z.number().int(),
  url: z.string(),
  interval: z.number().int(),
  labels: z.record(z.string(), z.string()),
  /** Epoch seconds of the last scrape attempt, or null before the first. */
  last_scrape: z.number().int().nullable(),
  /** Why the last scrape failed, or null when it succeeded (or none was made yet). */
  last_error: z.string().nullable(),
  /** The server the scraped host became (null until a scrape succeeded). */
  server_id: z.number().int().nullable(),
  created: z.number().int(),
});
export type ScrapeTarget = z.infer<typeof scrapeTargetItem>;

/** Fields the service fills in: refused in create and update input. */
export const SCRAPE_TARGET_READ_ONLY = ['id', 'last_scrape', 'last_error', 'server_id', 'created'] as const;

/** The API paths of scrape targets. */
export const scrapeTargetPaths = {
  list: '/api/v5/scrape_targets/',
  item: (id: number) => `/api/v5/scrape_targets/${id}/`,
};

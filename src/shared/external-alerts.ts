import { z } from 'zod';
import { pagingQuery } from './paging';
import { textParam } from './params';

/**
 * Alerts from Prometheus, vmalert or Grafana (extension): the body they send to an Alertmanager
 * (API v2 `POST /api/v2/alerts`), the external alerts each distinct label set becomes, and the
 * per-account ingest tokens that may post them. See docs/prometheus-alerts.md.
 */

/** Go's zero time: what Alertmanager clients send for an unset startsAt or endsAt. */
const GO_ZERO_TIME = /^0001-01-01T00:00:00(\.0+)?(Z|[+-]00:00)$/;
// RFC 3339 as Go writes it: fractional seconds up to nanoseconds, Z or an offset.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export const LABELS_MAX = 64;
export const LABEL_NAME_MAX = 256;
export const LABEL_VALUE_MAX = 4096;
export const ANNOTATION_VALUE_MAX = 16384;
export const GENERATOR_URL_MAX = 4096;
/** Most alerts one POST may carry (Prometheus sends at most 256 per request by default). */
export const ALERTS_PER_POST_MAX = 1000;

/** An RFC 3339 time to epoch milliseconds; null for unset (missing, null, empty or Go's zero time). */
const amTime = (field: string) =>
  z.string({ error: `${field} must be an RFC 3339 time` }).nullish().transform((v, ctx): number | null => {
    if (v === null || v === undefined || v === '' || GO_ZERO_TIME.test(v)) return null;
    const ms = RFC3339.test(v) ? Date.parse(v.replace(/(\.\d{3})\d+/, '$1')) : NaN;
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: `${field} must be an RFC 3339 time, got ${JSON.stringify(v.slice(0, 64))}` });
      return z.NEVER;
    }
    return ms;
  });

/** A label set: names and values as Prometheus writes them; an empty value is no label (as in Prometheus). */
const labelSet = (field: string, valueMax: number) =>
  z
    .record(
      z.string().min(1, { error: `${field}: a name must not be empty` }).max(LABEL_NAME_MAX, { error: `${field}: a name must be at most ${LABEL_NAME_MAX} characters` }),
      z.string({ error: `${field}: each value must be text` }).max(valueMax, { error: `${field}: a value must be at most ${valueMax} characters` }),
      { error: `${field} must be an object of names to text values` },
    )
    .refine((o) => Object.keys(o).length <= LABELS_MAX, { error: `${field} must have at most ${LABELS_MAX} entries` })
    .transform((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/** One postable alert of Alertmanager's API v2 (unknown fields are ignored, as Alertmanager does). */
export const postableAlert = z
  .object(
    {
      labels: labelSet('labels', LABEL_VALUE_MAX).refine((o) => Object.keys(o).length > 0, { error: 'labels must have at least one label' }),
      annotations: labelSet('annotations', ANNOTATION_VALUE_MAX)
        .nullish()
        .transform((v) => v ?? {}),
      startsAt: amTime('startsAt'),
      endsAt: amTime('endsAt'),
      generatorURL: z
        .string({ error: 'generatorURL must be text' })
        .max(GENERATOR_URL_MAX, { error: `generatorURL must be at most ${GENERATOR_URL_MAX} characters` })
        .nullish()
        .transform((v) => v ?? ''),
    },
    { error: 'each alert must be an object' },
  )
  .superRefine((a, ctx) => {
    if (a.startsAt !== null && a.endsAt !== null && a.endsAt < a.startsAt) ctx.addIssue({ code: 'custom', message: 'endsAt must not be before startsAt', path: ['endsAt'] });
  });
export type PostableAlert = z.output<typeof postableAlert>;

/** The body of POST /api/v2/alerts: a list of postable alerts. */
export const postableAlerts = z
  .array(postableAlert, { error: 'the body must be a JSON list of alerts (Alertmanager API v2)' })
  .max(ALERTS_PER_POST_MAX, { error: `at most ${ALERTS_PER_POST_MAX} alerts per request` });

export const EXTERNAL_ALERT_TYPE = 'External';

/** An external alert as answered: one distinct label set of the account. Times are epoch seconds. */
export const externalAlertItem = z.object({
  id: z.number().int(),
  fingerprint: z.string(),
  alertname: z.string(),
  labels: z.record(z.string(), z.string()),
  annotations: z.record(z.string(), z.string()),
  generator_url: z.string(),
  state: z.enum(['firing', 'resolved']),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  first_seen: z.number().int(),
  last_seen: z.number().int(),
  /** The open incident (alert history) of this alert, null when resolved. */
  incident_id: z.number().int().nullable(),
  /** The newest incident of this alert, open or not (null when it never fired). */
  last_incident_id: z.number().int().nullable(),
  url: z.string(),
});
export type ExternalAlert = z.infer<typeof externalAlertItem>;

export const externalAlertListQuery = pagingQuery.extend({
  state: z.enum(['firing', 'resolved'], { error: 'state must be firing or resolved' }).optional(),
});

/** An ingest token as listed: never the token itself, only its first characters. */
export const ingestTokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters and an ellipsis, to tell tokens apart. */
  token_hint: z.string(),
  created: z.number().int(),
  created_by: z.number().int().nullable(),
  last_used: z.number().int().nullable(),
  url: z.string(),
});
export type IngestToken = z.infer<typeof ingestTokenItem>;
/** The answer of create: the token itself, shown this once. */
export const ingestTokenCreated = ingestTokenItem.extend({ token: z.string() });
export const ingestTokenInput = z.object({ name: textParam('name', 1, 100) });

export const externalAlertPaths = {
  list: '/api/v5/external_alerts/',
  item: (id: number) => `/api/v5/external_alerts/${id}/`,
  ingestTokens: '/api/v5/ingest_tokens/',
  ingestToken: (id: number) => `/api/v5/ingest_tokens/${id}/`,
  /** Where Prometheus posts (its Alertmanager's API v2). */
  ingest: '/api/v2/alerts',
} as const;

/** A link the dashboard may follow: http or https only (a generatorURL is whatever the sender wrote). */
export function safeHttpUrl(v: string): string | null {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** `{alertname="x", job="y"}` without alertname: how messages and the dashboard name a label set. */
export function labelText(labels: Record<string, string>): string {
  return Object.entries(labels)
    .filter(([k]) => k !== 'alertname')
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}

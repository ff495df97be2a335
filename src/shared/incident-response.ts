import { z } from 'zod';
import { usersParam } from './alert-inputs';
import { alertHistoryItem } from './alert-histories';
import { alertUser } from './alerts';
import { pagingQuery } from './paging';
import { boolParam, epochParam, idListParam, intParam, jsonListParam } from './params';

/**
 * Incident response (extensions under /api/v5): acknowledgement, timeline, notes, silences and the
 * account's notification grouping. The server's routes and the dashboard both read these schemas.
 */

/** Fields an alert history gains: who acknowledged it and when (epoch seconds), null otherwise. */
export const acknowledgementFields = z.object({
  acknowledged_by: z.number().int().nullable(),
  acknowledged_at: z.number().int().nullable(),
  /** True when a silence matched the incident when it triggered (its notifications were held back). */
  silenced: z.boolean(),
});
export type Acknowledgement = z.infer<typeof acknowledgementFields>;

/** An alert history as every endpoint answers it, the spec's list and detail included: the item plus its acknowledgement. */
export const alertHistoryAnswer = alertHistoryItem.extend(acknowledgementFields.shape);
export type AlertHistoryAnswer = z.infer<typeof alertHistoryAnswer>;

/** Notes are plain text, rendered as text everywhere. */
export const NOTE_MAX = 4000;
export const noteInput = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, { error: 'text must not be empty' })
    .max(NOTE_MAX, { error: `text must be at most ${NOTE_MAX} characters` }),
});
export type NoteInput = z.infer<typeof noteInput>;

/** The outcome of one notification or callback as the outbox records it. */
export const deliveryOutcome = z.enum(['pending', 'sent', 'failed', 'silenced', 'interrupted']);

const actor = { user_id: z.number().int().nullable(), user_name: z.string().nullable() };

/** One event of an incident's timeline; `at` is epoch seconds. Events come oldest first. */
export const timelineEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('triggered'), at: z.number().int(), subject: z.string(), value: z.number().nullable(), detail: z.string() }),
  z.object({
    kind: z.literal('notification'),
    at: z.number().int(),
    /** email, sms, push, callback, or a channel's type (slack, msteams, pagerduty, webhook; the recipient is then the channel's name). */
    channel: z.string(),
    recipient: z.string(),
    /** TRIGGERED, RESOLVED, REMINDER or (channels) ACKNOWLEDGED: which event of the incident it tells. */
    event: z.string(),
    outcome: deliveryOutcome,
    attempts: z.number().int(),
    error: z.string().nullable(),
    /** The outbox row's stable delivery id (Message-ID / X-Delivery-Id), so a receiver's log can be matched. */
    delivery_id: z.string().nullable(),
    /** Set when the message was one grouped message telling several incidents. */
    group_size: z.number().int().nullable(),
  }),
  /** source: set when the change came from outside (issue 19: 'pagerduty'); user_name then names who acted there ("PagerDuty: Jane Doe"). */
  z.object({ kind: z.literal('acknowledged'), at: z.number().int(), ...actor, source: z.literal('pagerduty').optional() }),
  z.object({ kind: z.literal('unacknowledged'), at: z.number().int(), ...actor, source: z.literal('pagerduty').optional() }),
  z.object({ kind: z.literal('note'), at: z.number().int(), id: z.number().int(), text: z.string(), ...actor }),
  z.object({ kind: z.literal('silenced'), at: z.number().int(), silence_id: z.number().int(), reason: z.string() }),
  z.object({ kind: z.literal('resolved'), at: z.number().int() }),
  z.object({
    kind: z.literal('escalated'),
    at: z.number().int(),
    /** A step of the alert's escalation policy was taken (issue 19); step and pass count from 1. */
    policy_id: z.number().int(),
    policy_name: z.string(),
    step: z.number().int(),
    steps: z.number().int(),
    pass: z.number().int(),
    passes: z.number().int(),
    /** The e-mail addresses the step told (its users and whoever its schedules had on call then). */
    recipients: z.array(z.string()),
    schedules: z.array(z.object({ id: z.number().int(), users: z.array(z.number().int()) })),
    channels: z.array(z.number().int()),
    /** A silence held the step's notifications back. */
    silenced: z.boolean(),
    /** 'owner': the step reached nobody it names (users deleted, nobody on call, no channel) and told the account owner. */
    fallback: z.literal('owner').optional(),
  }),
]);
export type TimelineEvent = z.infer<typeof timelineEvent>;
export const timelineAnswer = z.object({ data: z.array(timelineEvent) });

/**
 * An Alertmanager-style label matcher of a silence (extension): `name` equal to (isEqual, default) or
 * not equal to `value`, or matching / not matching it as a regular expression anchored at both ends
 * (isRegex). A label an alert lacks reads as "" (so `name=""` matches its absence), as in Alertmanager.
 */
export const labelMatcher = z.object({ name: z.string(), value: z.string(), isRegex: z.boolean(), isEqual: z.boolean() });
export type LabelMatcher = z.infer<typeof labelMatcher>;
export const SILENCE_MAX_MATCHERS = 32;
const labelMatcherInput = z.object(
  {
    name: z.string({ error: 'each matcher needs a name' }).trim().min(1, { error: 'a matcher name must not be empty' }).max(256, { error: 'a matcher name must be at most 256 characters' }),
    value: z.string({ error: 'each matcher needs a value (text)' }).max(1024, { error: 'a matcher value must be at most 1024 characters' }),
    isRegex: z.boolean({ error: 'isRegex must be true or false' }).default(false),
    isEqual: z.boolean({ error: 'isEqual must be true or false' }).default(true),
  },
  { error: 'each matcher must be an object {name, value, isRegex, isEqual}' },
);

/** A silence: while it matches, incidents are recorded but no e-mail, SMS or push goes out. */
export const silenceItem = z.object({
  id: z.number().int(),
  /** Any of the matchers may be empty; an incident matches when every non-empty matcher matches. */
  alerts: z.array(z.number().int()),
  servers: z.array(z.number().int()),
  server_tags: z.array(z.number().int()),
  server_sets: z.array(z.number().int()),
  /** Case-insensitive substring of the alert's name; empty matches every name. */
  alert_name: z.string(),
  /** Extension: Alertmanager-style label matchers; a silence with any matches external alerts only. */
  matchers: z.array(labelMatcher),
  start: z.number().int(),
  end: z.number().int(),
  reason: z.string(),
  created_by: z.number().int().nullable(),
  created: z.number().int(),
  /** active, pending (starts later) or expired; derived from the clock. */
  state: z.enum(['active', 'pending', 'expired']),
  url: z.string(),
});
export type Silence = z.infer<typeof silenceItem>;

/** Most ids one matcher of a silence may list. */
export const SILENCE_MAX_IDS = 500;
const silenceIds = (field: string) =>
  idListParam(field)
    .refine((ids) => ids.length <= SILENCE_MAX_IDS, { error: `${field} must list at most ${SILENCE_MAX_IDS} ids` })
    .default([]);

/**
 * Silence create/update: `end` or `duration` (seconds), not both; `start` defaults to now (the service
 * fills it in, and checks `end` after it then). Id lists are JSON lists (or arrays in a JSON body), as
 * everywhere in the API. At least one matcher must be given: a silence of everything is refused.
 */
export const silenceInput = z
  .object({
    alerts: silenceIds('alerts'),
    servers: silenceIds('servers'),
    server_tags: silenceIds('server_tags'),
    server_sets: silenceIds('server_sets'),
    alert_name: z.string({ error: 'alert_name must be text' }).trim().max(256, { error: 'alert_name must be at most 256 characters' }).default(''),
    matchers: jsonListParam('matchers', labelMatcherInput)
      .refine((m) => m.length <= SILENCE_MAX_MATCHERS, { error: `matchers must list at most ${SILENCE_MAX_MATCHERS} matchers` })
      .default([]),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
    duration: intParam('duration', { min: 60, max: 366 * 86400 }).optional(),
    reason: z.string({ error: 'reason must be text' }).max(1000, { error: 'reason must be at most 1000 characters' }).default(''),
  })
  .superRefine((s, ctx) => {
    // Rules over several fields name none of them (a missing field would read "... is required").
    const fail = (field: string | null, message: string) => ctx.addIssue({ code: 'custom', message, path: field ? [field] : [] });
    const matchers = s.alerts.length + s.servers.length + s.server_tags.length + s.server_sets.length;
    if (matchers === 0 && s.alert_name === '' && s.matchers.length === 0) fail(null, 'a silence must have a matcher: alerts, servers, server_tags, server_sets, alert_name or matchers');
    else if (s.end === undefined && s.duration === undefined) fail(null, 'end or duration must be given');
    else if (s.end !== undefined && s.duration !== undefined) fail('duration', 'duration must not be given with end');
    else if (s.end !== undefined && s.start !== undefined && s.end <= s.start) fail('end', 'end must be after start');
  });
export type SilenceInput = z.infer<typeof silenceInput>;

export const silenceListQuery = pagingQuery.extend({
  /** true: only silences not yet expired; false: only expired ones. */
  active: boolParam('active').optional(),
});

/** The account's notification grouping: notifications to one recipient due within the window go as one. */
export const GROUP_WAIT_DEFAULT_S = 30;
/** Minutes between reminders of an unacknowledged external alert's incident (default 10). */
export const EXTERNAL_INTERVAL_DEFAULT_MIN = 10;
export const notificationSettings = z.object({
  group_wait_s: z.number().int().min(0).max(3600),
  /** Extension: who is told of external (Prometheus) alerts' incidents; default the account owner by e-mail. */
  external_alert_users: z.array(alertUser),
  /** Extension: minutes between reminders of an unacknowledged external incident. */
  external_alert_interval: z.number().int().min(1).max(1440),
  /** Extension: the escalation policy external incidents walk instead of telling external_alert_users; null: none. */
  external_escalation_policy: z.number().int().nullable(),
});
export const notificationSettingsInput = z
  .object({
    group_wait_s: intParam('group_wait_s', { min: 0, max: 3600 }).optional(),
    external_alert_users: usersParam.optional(),
    external_alert_interval: intParam('external_alert_interval', { min: 1, max: 1440 }).optional(),
    /** A policy id of the account, or 0 for none. */
    external_escalation_policy: intParam('external_escalation_policy', { min: 0 }).optional(),
  })
  .refine(
    (s) => s.group_wait_s !== undefined || s.external_alert_users !== undefined || s.external_alert_interval !== undefined || s.external_escalation_policy !== undefined,
    { error: 'give group_wait_s, external_alert_users, external_alert_interval or external_escalation_policy' },
  );

/** The acknowledge page reached from an e-mail: what the token names, before the POST acts. */
export const ackTokenInfo = z.object({
  alert_history_id: z.number().int(),
  subject: z.string(),
  start: z.number().int(),
  end: z.number().int().nullable(),
  acknowledged_by: z.number().int().nullable(),
  acknowledged_at: z.number().int().nullable(),
  expires: z.number().int(),
});

export const incidentPaths = {
  acknowledge: (id: number) => `/api/v5/alert_histories/${id}/acknowledge/`,
  unacknowledge: (id: number) => `/api/v5/alert_histories/${id}/unacknowledge/`,
  timeline: (id: number) => `/api/v5/alert_histories/${id}/timeline/`,
  notes: (id: number) => `/api/v5/alert_histories/${id}/notes/`,
  silences: '/api/v5/silences/',
  silence: (id: number) => `/api/v5/silences/${id}/`,
  notificationSettings: '/api/v5/notification_settings/',
  /** GET answers ackTokenInfo (no sign-in needed; changes nothing); POST acknowledges. */
  ackToken: (token: string) => `/api/v5/ack/${encodeURIComponent(token)}/`,
  /** The dashboard page an e-mailed link opens. */
  ackPage: (token: string) => `/ack/${encodeURIComponent(token)}`,
} as const;

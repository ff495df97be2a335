import { z } from 'zod';
import {
  compiles,
  keepSecrets,
  normalizePorts,
  parseProcessTarget,
  SUBSCRIBER_EVENTS,
  SUBSCRIBER_TYPES,
  subscribersParam,
  usersParam,
} from './alert-inputs';
import { pagingQuery } from './paging';
import { boolParam, idListParam, intParam, numberParam, textParam } from './params';

export const ALERT_TYPES = ['Application', 'Process', 'Server', 'Polled Data', 'Log', 'Server Tag'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

const PROCESS_TRIGGERS = [
  'Process Termination', 'CPU', 'Memory', 'Average Response Time', 'File Read', 'File Write',
  'Inbound Network Traffic', 'Outbound Network Traffic', 'Network Connections', 'Threads', 'Files',
  'Registries', 'Page Faults', 'Incident Reports', 'Critical Incident Reports', 'Incident Report Content',
  'File Accessed', 'Registry Accessed', 'Port Accessed',
] as const;

/** Alert types that take the per_server extension (one incident per breaching server of the target). */
export const PER_SERVER_TYPES: readonly AlertType[] = ['Server Tag'];

/** The spec's table of allowed trigger_type values per alert type. */
export const TRIGGER_TYPES_BY_TYPE: Record<AlertType, readonly string[]> = {
  Log: ['Number of Info', 'Number of Warning', 'Number of Critical', 'Log Content'],
  'Polled Data': ['Nagios'],
  Process: PROCESS_TRIGGERS,
  Application: ['Processes', ...PROCESS_TRIGGERS],
  Server: ['Server Down', 'CPU', 'Memory', 'Average Response Time', 'Disk', 'Disk Busy', 'Threads', 'Page Faults', 'Processes'],
  'Server Tag': ['Server Down', 'CPU', 'Memory', 'Average Response Time', 'Disk Busy', 'Threads', 'Page Faults', 'Processes'],
};

/**
 * Triggers a per_server alert takes beyond its type's (extension): the spec's Server Tag list lacks
 * Disk, which is offered with per_server only, each server judged on its own fullest part (or part_name).
 */
export const PER_SERVER_EXTRA_TRIGGERS: readonly string[] = ['Disk'];

/** The trigger types an alert of `type` may take, per_server's extra ones included when it is set. */
export const triggerTypesFor = (type: AlertType, perServer = false): readonly string[] =>
  perServer && PER_SERVER_TYPES.includes(type) ? [...TRIGGER_TYPES_BY_TYPE[type], ...PER_SERVER_EXTRA_TRIGGERS] : TRIGGER_TYPES_BY_TYPE[type];



/** Every trigger_type of any alert type. */
export const TRIGGER_TYPES: readonly string[] = [...new Set(Object.values(TRIGGER_TYPES_BY_TYPE).flat())];

/** Alert types and trigger types for which threshold_type "out of band" is allowed (both must match). */
export const OUT_OF_BAND_TYPES: readonly AlertType[] = ['Server', 'Application', 'Polled Data', 'Process'];
export const OUT_OF_BAND_TRIGGERS: readonly string[] = [
  'CPU', 'Memory', 'Average Response Time', 'File Read', 'File Write', 'Inbound Network Traffic',
  'Outbound Network Traffic', 'Network Connections', 'Threads', 'Files', 'Registries', 'Page Faults',
  'Incident Reports', 'Critical Incident Reports',
];

/** Directions as answered. Input is case-insensitive; `_`/`-` count as spaces; "outside" means "outside bounds". */
export const DIRECTIONS = ['above', 'below', 'outside bounds'] as const;
export const THRESHOLD_TYPES = ['static', 'out of band'] as const;
export const WINDOW_UNITS = ['h', 'd'] as const;
/** window_length bounds per window_units. */
export const WINDOW_LENGTH_MAX = { h: 23, d: 31 } as const;
/** Filters of GET /alerts: the target object the alerts must point at. */
export const ALERT_FILTER_NAMES = ['application_id', 'process_id', 'server_id', 'polled_data_id', 'log_id'] as const;
/** Fields PUT refuses, with the rule named in the 400. */
export const FIXED_AFTER_CREATE = ['type', 'target_id', 'target', 'trigger_type', 'trigger'] as const;
export const NOT_UPDATABLE = ['threshold_type', 'window_length', 'window_units', 'band_value', 'per_server'] as const;

/** An alert's escalation policy: an id, or null (also sent as "" or "null" in a form) for none. */
const escalationPolicyParam = z
  .preprocess((v) => (v === '' || v === 'null' ? null : v), intParam('escalation_policy', { min: 1 }).nullable())
  .describe(
    "Extension (issue 19): an escalation policy's id, whose steps are notified while the incident is unacknowledged instead of the alert's users (who then get no messages or reminders from the alert; callbacks still go); null (default): the users, every interval, as the spec says",
  );

const canon = (s: string) => s.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** A choice among fixed values, matched case-insensitively and answered in its canonical spelling. */
function choiceParam<T extends readonly [string, ...string[]]>(field: string, values: T, aliases: Record<string, T[number]> = {}) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const c = canon(v);
    return aliases[c] ?? values.find((x) => canon(x) === c) ?? v;
  }, z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }));
}

const typeParam = choiceParam('type', ALERT_TYPES);
const triggerParam = choiceParam('trigger_type', TRIGGER_TYPES as unknown as [string, ...string[]]);
const directionParam = choiceParam('direction', DIRECTIONS, { outside: 'outside bounds' });
const textAny = (field: string, max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: `${field} must be text` }).max(max, { error: `${field} must be at most ${max} characters` }));
const portsParam = (field: string) =>
  textAny(field, 1024).refine((v) => normalizePorts(v) !== null, { error: `${field} must be comma-separated port numbers 1-65535` });
const regExpParam = textAny('reg_exp', 1024).refine(compiles, { error: 'reg_exp must be a valid regular expression' });

/** The values an alert is configured with, after defaults (the rules below check them together). */
const configShape = {
  name: textParam('name', 1, 32),
  active: boolParam('active').default(true),
  direction: directionParam.default('above'),
  threshold: numberParam('threshold', { min: 0, max: Number.MAX_SAFE_INTEGER }).nullable().default(null),
  threshold_type: choiceParam('threshold_type', THRESHOLD_TYPES).default('static'),
  band_value: numberParam('band_value', { min: 0.01, max: 100 }).default(2),
  window_length: intParam('window_length', { min: 1, max: 31 }).default(1),
  window_units: choiceParam('window_units', WINDOW_UNITS).default('h'),
  interval: intParam('interval', { min: 1, max: 10080 }).default(10),
  time_above_threshold: intParam('time_above_threshold', { min: 0, max: 1440 }).default(1),
  num_of_servers: intParam('num_of_servers', { min: 1, max: 100000 }).default(1),
  part_name: textParam('part_name', 1, 256).default('MAX'),
  ip_details: portsParam('ip_details').default(''),
  reg_exp: regExpParam.default(''),
  per_server: boolParam('per_server')
    .default(false)
    .describe('Extension (Server Tag alerts): true opens one incident per breaching server of the tag, each with its own history, notifications and callbacks; false (default) one incident for the tag, as the spec says'),
  escalation_policy: escalationPolicyParam.default(null),
};

/** The checked configuration of an alert (create input after defaults, or stored values with a patch). */
export interface AlertRuleInput {
  type: AlertType;
  target_id: string;
  trigger_type: string;
  direction: (typeof DIRECTIONS)[number];
  threshold: number | null;
  threshold_type: (typeof THRESHOLD_TYPES)[number];
  window_length: number;
  window_units: (typeof WINDOW_UNITS)[number];
  per_server?: boolean;
  num_of_servers?: number;
}

/** The cross-field rules of the spec's alert tables; each problem names its field. Pure, for forms too. */
export function alertRuleIssues(a: AlertRuleInput): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const allowed = triggerTypesFor(a.type, a.per_server);
  if (!allowed.includes(a.trigger_type)) {
    const extra = !a.per_server && PER_SERVER_TYPES.includes(a.type) && PER_SERVER_EXTRA_TRIGGERS.includes(a.trigger_type) ? ` (${a.trigger_type} needs per_server true)` : '';
    issues.push({ field: 'trigger_type', message: `trigger_type ${a.trigger_type} is not allowed for type ${a.type}; use one of ${allowed.join(', ')}${extra}` });
  }
  if (a.type === 'Process') {
    if (!parseProcessTarget(a.target_id)) {
      issues.push({ field: 'target_id', message: 'target_id must be <server_id>,<pid>,<creation_time>,<process_name> for Process alerts' });
    }
  } else if (!/^\d{1,15}$/.test(a.target_id) || Number(a.target_id) === 0) {
    issues.push({ field: 'target_id', message: `target_id must be the integer id of the ${a.type.toLowerCase()}` });
  }
  if (a.threshold_type === 'out of band') {
    if (!OUT_OF_BAND_TYPES.includes(a.type) || !OUT_OF_BAND_TRIGGERS.includes(a.trigger_type)) {
      issues.push({ field: 'threshold_type', message: `threshold_type out of band is not allowed for ${a.type} ${a.trigger_type} alerts` });
    }
  } else if (a.direction === 'outside bounds') {
    issues.push({ field: 'direction', message: 'direction outside bounds needs threshold_type out of band' });
  }
  const max = WINDOW_LENGTH_MAX[a.window_units];
  if (a.window_length > max) issues.push({ field: 'window_length', message: `window_length must be between 1 and ${max} for window_units ${a.window_units}` });
  if (a.per_server && !PER_SERVER_TYPES.includes(a.type)) {
    issues.push({ field: 'per_server', message: `per_server is only for ${PER_SERVER_TYPES.join(', ')} alerts, not ${a.type}` });
  } else if (a.per_server && (a.num_of_servers ?? 1) > 1) {
    issues.push({ field: 'num_of_servers', message: 'num_of_servers must be 1 with per_server: each server of the tag is its own incident' });
  }
  if (a.threshold !== null && a.trigger_type !== 'Disk' && !Number.isInteger(a.threshold)) {
    issues.push({ field: 'threshold', message: `threshold must be an integer for ${a.trigger_type} alerts (decimals only for Disk)` });
  }
  return issues;
}

function refineRules(v: AlertRuleInput, ctx: z.RefinementCtx) {
  for (const i of alertRuleIssues(v)) ctx.addIssue({ code: 'custom', message: i.message, path: [i.field] });
}

/** Extension (issue 19): ids of the account's channels told of the alert's incidents. */
const channelsParam = idListParam('channels');

/** The fields of POST /alerts before the cross-field rules (documents and extends the form). */
export const alertCreateFields = z.object({
    ...configShape,
    type: typeParam,
    target_id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'target_id must be text or an integer' }).trim().min(1, { error: 'target_id is required' }).max(1000, { error: 'target_id must be at most 1000 characters' })),
    trigger_type: triggerParam,
    users: usersParam,
    subscribers: subscribersParam.optional(),
    ip_detail: portsParam('ip_detail').optional(),
    channels: channelsParam.optional(),
  });

/** POST /alerts. `ip_detail` (the spec's create parameter name) is accepted for ip_details. */
export const alertCreate = alertCreateFields
  .transform(({ ip_detail, ...a }) => ({
    ...a,
    ip_details: a.ip_details || ip_detail || '',
    subscribers: a.subscribers ? keepSecrets(null, a.subscribers) : null,
    channels: [...new Set(a.channels ?? [])],
  }))
  .superRefine(refineRules)
  .transform((a) => ({ ...a, ip_details: normalizePorts(a.ip_details) ?? '' }));
export type AlertCreate = z.output<typeof alertCreate>;
/** What a client (a form) may send to POST /alerts. */
export type AlertCreateInput = z.input<typeof alertCreate>;

/** The fields of PUT /alerts/{id} (documents the bulk edit, which takes them too). */
export const alertUpdateFields = z.object({
  name: configShape.name.optional(),
  ip_details: portsParam('ip_details').optional(),
  interval: configShape.interval.optional(),
  threshold: numberParam('threshold', { min: 0, max: Number.MAX_SAFE_INTEGER }).nullable().optional(),
  part_name: textParam('part_name', 1, 256).optional(),
  time_above_threshold: intParam('time_above_threshold', { min: 0, max: 1440 }).optional(),
  active: boolParam('active').optional(),
  direction: directionParam.optional(),
  reg_exp: regExpParam.optional(),
  num_of_servers: intParam('num_of_servers', { min: 1, max: 100000 }).optional(),
  users: usersParam.optional(),
  subscribers: subscribersParam.optional(),
  channels: channelsParam.optional(),
  escalation_policy: escalationPolicyParam.optional(),
  /** The spec's create spelling, accepted on update too; ip_details wins when both are sent. */
  ip_detail: portsParam('ip_detail').optional(),
});

/** PUT /alerts/{id}: only the updatable values; the route refuses FIXED_AFTER_CREATE and NOT_UPDATABLE. */
export const alertUpdate = alertUpdateFields.transform(({ ip_detail, ...a }) => {
  const ports = a.ip_details ?? ip_detail;
  return { ...a, ip_details: ports === undefined ? undefined : (normalizePorts(ports) ?? ''), channels: a.channels && [...new Set(a.channels)] };
});
export type AlertUpdate = z.output<typeof alertUpdate>;
export type AlertUpdateInput = z.input<typeof alertUpdate>;

/** GET /alerts: P plus an optional target filter (filter_name needs filter_id and the reverse). */
export const alertListQuery = pagingQuery
  .extend({
    filter_name: choiceParam('filter_name', ALERT_FILTER_NAMES).optional(),
    // Process ids are uids (`<server_id>_<pid>_<creation_time>`), so filter_id is text, checked below.
    filter_id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(100)).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.filter_name && !q.filter_id) ctx.addIssue({ code: 'custom', path: ['filter_id'], message: 'filter_id is required with filter_name' });
    if (q.filter_id && !q.filter_name) ctx.addIssue({ code: 'custom', path: ['filter_name'], message: 'filter_name is required with filter_id' });
    if (!q.filter_name || !q.filter_id) return;
    const ok = q.filter_name === 'process_id' ? /^\d{1,15}[_,]\d{1,15}[_,]\d{1,15}$/.test(q.filter_id) : /^\d{1,15}$/.test(q.filter_id);
    if (!ok) {
      const rule = q.filter_name === 'process_id' ? 'a process uid <server_id>_<pid>_<creation_time>' : 'an integer';
      ctx.addIssue({ code: 'custom', path: ['filter_id'], message: `filter_id must be ${rule}` });
    }
  });
export type AlertListQuery = z.output<typeof alertListQuery>;

/** A user of an alert as answered. */
export const alertUser = z.object({ id: z.number().int(), sendemail: z.boolean(), sendsms: z.boolean(), pushnotification: z.boolean() });
/** A subscriber as answered: the secret is never echoed, only whether one is set. */
export const alertSubscriber = z.object({
  url: z.string(),
  // The spec answers every subscriber in its object form, auth included, so auth is not write-only.
  auth: z.string().nullable().describe('Basic credentials (base64 of username:password) as given; the spec answers them'),
  type: z.enum(SUBSCRIBER_TYPES),
  event: z.enum(SUBSCRIBER_EVENTS),
  has_secret: z.boolean().describe('Whether callbacks to this subscriber are signed; the secret itself is write-only and never answered'),
});

/** An alert as the API answers it (the spec's Alert table, in its order). */
export const alertItem = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  direction: z.enum(DIRECTIONS),
  type: z.enum(ALERT_TYPES),
  target: z.string(),
  target_id: z.union([z.number().int(), z.string()]),
  trigger: z.string(),
  trigger_type: z.string(),
  num_of_servers: z.number().int(),
  interval: z.number().int(),
  time_above_threshold: z.number().int(),
  threshold: z.number().nullable(),
  reg_exp: z.string(),
  part_name: z.string(),
  ip_details: z.string(),
  last_triggered: z.number().int().nullable(),
  in_incident: z.boolean(),
  users: z.array(alertUser),
  subscribers: z.array(alertSubscriber).nullable(),
  window_length: z.number().int(),
  window_units: z.enum(WINDOW_UNITS),
  band_value: z.number(),
  threshold_type: z.enum(THRESHOLD_TYPES),
  per_server: z.boolean().describe('Extension: one incident per breaching server of the tag (Server Tag alerts); false for every other alert'),
  channels: z.array(z.number().int()).describe('Extension: ids of the channels (Slack, Teams, PagerDuty, webhook) told of its incidents: TRIGGERED, ACKNOWLEDGED and RESOLVED'),
  escalation_policy: z.number().int().nullable().describe('Extension (issue 19): the escalation policy notified instead of users, or null'),
  url: z.string(),
});
export type Alert = z.infer<typeof alertItem>;

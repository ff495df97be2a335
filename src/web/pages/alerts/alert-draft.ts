import {
  alertCreate,
  alertRuleIssues,
  alertUpdate,
  OUT_OF_BAND_TRIGGERS,
  OUT_OF_BAND_TYPES,
  PER_SERVER_TYPES,
  triggerTypesFor,
  type Alert,
  type AlertCreateInput,
  type AlertType,
  type AlertUpdateInput,
  type DIRECTIONS,
  type THRESHOLD_TYPES,
} from '../../../shared/alerts';
import { secretSources } from '../../../shared/alert-inputs';
import { checkWith, type FieldErrors } from '../../components/forms/schema-errors';

/** A user of the alert as the form edits it. */
export interface UserDraft {
  id: number;
  sendemail: boolean;
  sendsms: boolean;
  pushnotification: boolean;
}

/** A subscriber as the form edits it; empty auth means none. */
export interface SubscriberDraft {
  url: string;
  type: 'get' | 'post';
  event: 'TRIGGERED' | 'RESOLVED' | 'BOTH';
  auth: string;
  /** A new secret as typed; '' leaves the stored one (if any) as it is. */
  secret: string;
  /** Remove the stored secret on save. */
  removeSecret: boolean;
  /** Index of the loaded subscriber this row started as; null for a row added in the form. */
  origin: number | null;
}

/** A subscriber as loaded: the secret itself is never answered, only whether one is set. */
export type StoredSubscriber = Pick<NonNullable<Alert['subscribers']>[number], 'url' | 'auth' | 'has_secret'>;

/**
 * What saving does to a row's secret. The service keeps the stored secret of an entry that leaves it
 * out when url and auth still match (shared secretSources), so the form predicts it the same way.
 */
export type SecretState =
  | 'none' // no secret, none stored
  | 'kept' // the stored secret stays
  | 'replaced' // a new value replaces the stored secret
  | 'removed' // the stored secret is removed
  | 'dropped' // url or auth changed, so the stored secret no longer applies
  | 'new'; // a secret for a subscriber that had none

export const blankSubscriber = (): SubscriberDraft => ({ url: '', type: 'post', event: 'BOTH', auth: '', secret: '', removeSecret: false, origin: null });

/** The alert form's values: numbers stay text as typed, the shared schema parses them like the service does. */
export interface AlertDraft {
  name: string;
  active: boolean;
  type: AlertType | '';
  target_id: string;
  trigger_type: string;
  direction: (typeof DIRECTIONS)[number];
  threshold: string;
  threshold_type: (typeof THRESHOLD_TYPES)[number];
  band_value: string;
  window_length: string;
  window_units: 'h' | 'd';
  interval: string;
  time_above_threshold: string;
  num_of_servers: string;
  /** Server Tag only: one incident per breaching server (fixed once created). */
  per_server: boolean;
  part_name: string;
  ip_details: string;
  reg_exp: string;
  users: UserDraft[];
  /** Ids of the channels told of its incidents (issue 19). */
  channels: number[];
  /** The escalation policy notified instead of the users (issue 19): its id as text, '' for none. */
  escalation_policy: string;
  subscribers: SubscriberDraft[];
  /** The subscribers as loaded, to tell which rows keep a stored secret. */
  storedSubscribers: StoredSubscriber[];
}

export function emptyDraft(): AlertDraft {
  return {
    name: '', active: true, type: '', target_id: '', trigger_type: '', direction: 'above', threshold: '',
    threshold_type: 'static', band_value: '2', window_length: '1', window_units: 'h', interval: '10',
    time_above_threshold: '1', num_of_servers: '1', per_server: false, part_name: 'MAX', ip_details: '', reg_exp: '',
    users: [], channels: [], escalation_policy: '', subscribers: [], storedSubscribers: [],
  };
}

/** The form's values of a stored alert. */
export function draftOf(a: Alert): AlertDraft {
  return {
    name: a.name, active: a.active, type: a.type, target_id: String(a.target_id), trigger_type: a.trigger_type,
    direction: a.direction, threshold: a.threshold === null ? '' : String(a.threshold), threshold_type: a.threshold_type,
    band_value: String(a.band_value), window_length: String(a.window_length), window_units: a.window_units,
    interval: String(a.interval), time_above_threshold: String(a.time_above_threshold), num_of_servers: String(a.num_of_servers),
    per_server: a.per_server, part_name: a.part_name, ip_details: a.ip_details, reg_exp: a.reg_exp,
    users: a.users.map((u) => ({ ...u })),
    channels: [...a.channels],
    escalation_policy: a.escalation_policy === null ? '' : String(a.escalation_policy),
    subscribers: (a.subscribers ?? []).map((s, i) => ({ url: s.url, type: s.type, event: s.event, auth: s.auth ?? '', secret: '', removeSecret: false, origin: i })),
    storedSubscribers: (a.subscribers ?? []).map(({ url, auth, has_secret }) => ({ url, auth, has_secret })),
  };
}

const NO_THRESHOLD = ['Server Down', 'Process Termination', 'Nagios', 'Log Content', 'Incident Report Content', 'File Accessed', 'Registry Accessed', 'Port Accessed'];
const REG_EXP = ['Log Content', 'Incident Report Content', 'File Accessed', 'Registry Accessed'];
const PART_NAME = ['Disk', 'Disk Busy'];

/** Which of the optional fields a type and trigger use; the form shows only those. */
export function fieldsFor(type: AlertType | '', trigger: string, perServer = false) {
  return {
    threshold: trigger !== '' && !NO_THRESHOLD.includes(trigger),
    outOfBand: type !== '' && OUT_OF_BAND_TYPES.includes(type) && OUT_OF_BAND_TRIGGERS.includes(trigger),
    regExp: REG_EXP.includes(trigger),
    ports: trigger === 'Port Accessed',
    partName: PART_NAME.includes(trigger),
    perServer: type !== '' && PER_SERVER_TYPES.includes(type),
    // Each server is its own incident with per_server: there is no count to reach.
    numOfServers: type === 'Server Tag' && !perServer,
  };
}

/** The trigger types offered for a type (none until a type is chosen); per_server adds Disk to a tag's. */
export const triggerChoices = (type: AlertType | '', perServer = false): readonly string[] => (type ? triggerTypesFor(type, perServer) : []);

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** POST /alerts parameters of a draft: fields the type and trigger do not use are left to their defaults. */
export function toCreateInput(d: AlertDraft): AlertCreateInput {
  const f = fieldsFor(d.type, d.trigger_type, d.per_server);
  const band = f.outOfBand && d.threshold_type === 'out of band';
  return {
    name: d.name,
    active: d.active,
    type: d.type,
    target_id: d.target_id,
    trigger_type: d.trigger_type,
    direction: d.direction,
    threshold: f.threshold ? optional(d.threshold) : undefined,
    threshold_type: band ? 'out of band' : 'static',
    band_value: band ? d.band_value : undefined,
    window_length: band ? d.window_length : undefined,
    window_units: band ? d.window_units : undefined,
    interval: d.interval,
    time_above_threshold: d.time_above_threshold,
    num_of_servers: f.numOfServers ? d.num_of_servers : undefined,
    per_server: f.perServer ? d.per_server : undefined,
    part_name: f.partName ? optional(d.part_name) : undefined,
    ip_details: f.ports ? d.ip_details : undefined,
    reg_exp: f.regExp ? d.reg_exp : undefined,
    users: d.users,
    channels: d.channels,
    escalation_policy: d.escalation_policy === '' ? null : d.escalation_policy,
    subscribers: subscribersOf(d),
  };
}

const entryKey = (s: SubscriberDraft) => ({ url: s.url.trim(), auth: optional(s.auth) ?? null });

/** What saving does to each row's secret, in row order. */
export function secretStates(stored: readonly StoredSubscriber[], rows: readonly SubscriberDraft[]): SecretState[] {
  const sources = secretSources(stored, rows.map(entryKey));
  return rows.map((r, i) => {
    const from = sources[i];
    const inherits = from !== null && from !== undefined && (stored[from]?.has_secret ?? false);
    if (r.secret !== '') return inherits ? 'replaced' : 'new';
    if (inherits) return r.removeSecret ? 'removed' : 'kept';
    return r.origin !== null && stored[r.origin]?.has_secret ? 'dropped' : 'none';
  });
}

/**
 * The subscribers parameter: a typed secret is sent (as typed: it is a key, not text to tidy), a removed
 * one as null, and otherwise `secret` is left out so that the service keeps what it has.
 */
export function subscribersOf(d: Pick<AlertDraft, 'subscribers'>) {
  return d.subscribers.map((s) => ({
    ...entryKey(s),
    type: s.type,
    event: s.event,
    ...(s.secret !== '' ? { secret: s.secret } : s.removeSecret ? { secret: null } : {}),
  }));
}

/** PUT /alerts/{id} parameters: only what may change after creation. */
export function toUpdateInput(d: AlertDraft): AlertUpdateInput {
  const f = fieldsFor(d.type, d.trigger_type, d.per_server);
  return {
    name: d.name,
    active: d.active,
    direction: d.direction,
    threshold: f.threshold ? (optional(d.threshold) ?? null) : undefined,
    interval: d.interval,
    time_above_threshold: d.time_above_threshold,
    num_of_servers: f.numOfServers ? d.num_of_servers : undefined,
    part_name: f.partName ? optional(d.part_name) : undefined,
    ip_details: f.ports ? d.ip_details : undefined,
    reg_exp: f.regExp ? d.reg_exp : undefined,
    users: d.users,
    channels: d.channels,
    escalation_policy: d.escalation_policy === '' ? null : d.escalation_policy,
    subscribers: subscribersOf(d),
  };
}

/** Checks a draft with the service's own schemas (and, on update, its cross-field rules). */
export function checkDraft(d: AlertDraft, creating: boolean): FieldErrors {
  if (creating) {
    if (!d.type) return { type: 'type must be chosen first' };
    const r = checkWith(alertCreate, toCreateInput(d));
    return r.ok ? {} : r.errors;
  }
  const r = checkWith(alertUpdate, toUpdateInput(d));
  const errors: FieldErrors = r.ok ? {} : r.errors;
  if (r.ok && d.type) {
    const issues = alertRuleIssues({
      type: d.type,
      target_id: d.target_id,
      trigger_type: d.trigger_type,
      direction: d.direction,
      threshold: r.data.threshold ?? null,
      threshold_type: d.threshold_type,
      window_length: Number(d.window_length),
      window_units: d.window_units,
    });
    for (const i of issues) errors[i.field] ??= i.message;
  }
  return errors;
}

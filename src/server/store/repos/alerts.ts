import type { SubscriberInput } from '../../../shared/alert-inputs';
import type { AlertType, DIRECTIONS, THRESHOLD_TYPES, WINDOW_UNITS } from '../../../shared/alerts';
import type { Page, PagingQuery } from '../../../shared/paging';
import type { IncidentCallbacks, IncidentChange } from './alert-engine';

/** A user of an alert with the channels to notify. */
export interface AlertUserRecord {
  id: number;
  sendemail: boolean;
  sendsms: boolean;
  pushnotification: boolean;
}

/** The values an alert is written with (create) — everything but ids, state and timestamps. */
export interface AlertValues {
  name: string;
  type: AlertType;
  /** Integer text for most types; `<server_id>,<pid>,<creation_time>,<name>` for Process. */
  target_id: string;
  /** Generated description of the target, kept so it stays readable after the target is gone. */
  target: string;
  trigger_type: string;
  /** Generated trigger text. */
  trigger: string;
  active: boolean;
  direction: (typeof DIRECTIONS)[number];
  threshold: number | null;
  threshold_type: (typeof THRESHOLD_TYPES)[number];
  band_value: number;
  window_length: number;
  window_units: (typeof WINDOW_UNITS)[number];
  interval: number;
  time_above_threshold: number;
  num_of_servers: number;
  part_name: string;
  ip_details: string;
  reg_exp: string;
  users: AlertUserRecord[];
  /** Null when there are none; secrets are stored here and never answered. */
  subscribers: SubscriberInput[] | null;
  /** Extension (Server Tag): one incident per breaching server instead of one for the tag. */
  per_server: boolean;
  /** Extension (issue 19): the account's channels its incidents are told to. */
  channels: number[];
  /** Extension (issue 19): the escalation policy whose steps are notified instead of `users`; null: the users, as the spec says. */
  escalation_policy: number | null;
}

/** A stored alert, with users and subscribers parsed. */
export interface AlertRecord extends AlertValues {
  id: number;
  accountId: number;
  last_triggered: number | null;
  in_incident: boolean;
  created: number;
}

/** What changes on PUT (and the regenerated texts). */
export type AlertPatch = Partial<
  Pick<
    AlertValues,
    | 'name' | 'ip_details' | 'interval' | 'threshold' | 'part_name' | 'time_above_threshold' | 'active'
    | 'direction' | 'reg_exp' | 'num_of_servers' | 'users' | 'subscribers' | 'target' | 'trigger' | 'channels' | 'escalation_policy'
  >
>;

/** Alerts whose target is one object: a type and the target id (Process: the uid's three numbers). */
export type AlertTargetFilter =
  | { type: Exclude<AlertType, 'Process'>; targetId: number }
  | { type: 'Process'; serverId: number; pid: number; creationTime: number };

/** Facts about an alert's target, for its generated description; null from targetFacts when missing. */
export type TargetFacts =
  | { kind: 'server'; hostname: string; nickname: string; os: string }
  | { kind: 'server tag'; name: string; servers: number }
  | { kind: 'log'; sourceType: string; source: string; hostname: string }
  | { kind: 'polled data'; name: string; hostname: string }
  | { kind: 'application'; name: string }
  | { kind: 'process'; name: string; hostname: string };

export interface AlertRepo {
  list(accountId: number, filter: AlertTargetFilter | undefined, paging: PagingQuery): Promise<Page<AlertRecord>>;
  get(accountId: number, id: number): Promise<AlertRecord | null>;
  create(accountId: number, values: AlertValues, now: number): Promise<AlertRecord>;
  update(accountId: number, id: number, patch: AlertPatch): Promise<AlertRecord | null>;
  /**
   * Applies each patch to its alert in one transaction: all are written or none (null when one of the
   * ids is not an alert of the account). Answers the alerts as they now are, in the order given.
   */
  updateMany(accountId: number, changes: { id: number; patch: AlertPatch }[]): Promise<AlertRecord[] | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /**
   * Closes the alert's open incidents at `end` (history end, in_incident false; every server's for a
   * per_server alert) with their RESOLVED callbacks queued in the same transaction; null when none was open.
   */
  closeIncident(accountId: number, alertId: number, end: number, callbacks: IncidentCallbacks): Promise<IncidentChange | null>;
  /** Marks an alert in or out of an incident; lastTriggered is set when given. False when no such alert. */
  setIncident(accountId: number, alertId: number, inIncident: boolean, lastTriggered?: number): Promise<boolean>;
  /** Active alerts of one account, in id order. */
  listActive(accountId: number): Promise<AlertRecord[]>;
  /** Active alerts of every account (for the alert engine), in account then id order. */
  listAllActive(): Promise<AlertRecord[]>;
  /** What the generated target text needs, or null when the target is not the account's. */
  targetFacts(accountId: number, type: AlertType, targetId: string): Promise<TargetFacts | null>;
  /** The account's user profiles (id and e-mail), to resolve and check the users of an alert. */
  userProfiles(accountId: number): Promise<{ id: number; email: string }[]>;
}

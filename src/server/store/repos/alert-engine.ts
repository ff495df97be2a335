import type { BreachingServer } from '../../../shared/alert-histories';
import type { NewChannelMessage, NewDelivery } from './outbox';
import type { ServerScope, SilenceRecord } from './silences';

/** The evaluation queue as /metrics shows it. */
export interface EvaluationBacklog {
  pending: number;
  oldestReceivedMs: number | null;
}

/** The alert fields evaluation needs (a stored alert, parsed). */
export interface AlertRule {
  id: number;
  type: string;
  target_id: string;
  trigger_type: string;
  direction: string;
  threshold: number | null;
  threshold_type: string;
  band_value: number;
  window_length: number;
  window_units: string;
  time_above_threshold: number;
  interval: number;
  num_of_servers: number;
  part_name: string;
  ip_details: string;
  reg_exp: string;
  /** Server Tag extension: each server is its own subject with its own incident. */
  per_server: boolean;
}

/** An alert message in every form it is sent in (rendered by alerting/messages.ts). */
export interface RenderedMessage {
  subject: string;
  html: string;
  json: string;
  text: string;
  sms: string;
}

export interface AlertUserRef {
  id: number;
  sendemail: boolean;
  sendsms: boolean;
  pushnotification: boolean;
}

export interface SubscriberRef {
  url: string;
  auth: string | null;
  type: 'get' | 'post';
  event: 'TRIGGERED' | 'RESOLVED' | 'BOTH';
  secret: string | null;
}

/** An active alert as the engine sees it. */
export interface EngineAlert extends AlertRule {
  accountId: number;
  name: string;
  target: string;
  trigger: string;
  users: AlertUserRef[];
  subscribers: SubscriberRef[];
  /** The channels the alert's incidents are told to (issue 19). */
  channels: number[];
  in_incident: boolean;
  /** The escalation policy notified instead of `users` (extension, issue 19); null: the users. */
  escalation_policy: number | null;
}

/** Per alert and subject (a server), the engine's memory between minutes. */
export interface SubjectState {
  subject: number;
  minute: number;
  holds: boolean;
  streak: number;
  value: number | null;
}

export interface Incident {
  historyId: number;
  started: number;
  lastNotified: number;
  /** Someone acknowledged the incident: its reminders stop until it is un-acknowledged (optional for in-memory backtests). */
  acknowledged?: boolean;
}

export interface Recipient {
  id: number;
  email: string;
  phone: string | null;
}

/** The callbacks of an incident's start or end, given its history id. */
export type IncidentCallbacks = (historyId: number) => NewDelivery[];

/** The channel messages of an incident's start or end, given its history id. */
export type IncidentChannels = (historyId: number) => NewChannelMessage[];

/** An incident started or ended: its history and how many callbacks were queued with it. */
export interface IncidentChange {
  historyId: number;
  queued: number;
}

/** A user notification to record; `host` is the transport that sends it (null: kept, no transport). */
export interface NewNotification {
  /** 0 and null for an e-mail no alert caused (a new user's confirmation). */
  alertId: number;
  historyId: number | null;
  userId: number;
  channel: 'email' | 'sms' | 'push';
  /** Which event of the incident it tells (the timeline shows it); absent for mail no alert caused. */
  event?: 'TRIGGERED' | 'REMINDER' | 'RESOLVED' | 'ESCALATION';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  host: string | null;
  /** A silence holds it back: recorded with state 'silenced', never sent. */
  silenced?: boolean;
}

/** The notifications of a message, given its history id (known only once the history is written). */
export type IncidentNotifications = (historyId: number, m: RenderedMessage) => NewNotification[];

/** The incident key of an alert's one incident; a per_server alert's incidents are keyed by their server's id. */
export const WHOLE_ALERT = 0;

/** The silence that matched an incident's step: its notifications were held back (see alerting/silence-match.ts). */
export interface SilenceMark {
  id: number;
  reason: string;
}

/**
 * What happens to an alert's incident on this evaluation. `subject` is the incident's key: WHOLE_ALERT,
 * or the server of a per_server alert's incident. A start records the servers that breached. With
 * `silence`, the step's notifications come marked silenced (the plan built them so) and the writer
 * also marks the history silenced and records a 'silenced' incident event.
 */
export type IncidentPlan =
  | {
      kind: 'start';
      minute: number;
      subject: number;
      servers: BreachingServer[];
      value?: number | null;
      render: (historyId: number) => RenderedMessage;
      callbacks: IncidentCallbacks;
      notifications: IncidentNotifications;
      /** Messages to the alert's channels (silenced with the notifications). */
      channels?: IncidentChannels;
      silence?: SilenceMark;
      /** The alert names an escalation policy: the incident's walk starts with it (see store/repos/escalations.ts). */
      escalation?: { policyId: number; startedAt: number; dueAt: number };
    }
  | {
      kind: 'end';
      minute: number;
      subject: number;
      callbacks: IncidentCallbacks;
      /** The RESOLVED message to the alert's users (absent when an alert's deactivation ends it). */
      notifications?: IncidentNotifications;
      /** Rendered once the history id is known (the message names it). */
      render?: (historyId: number) => RenderedMessage;
      /** RESOLVED messages to the alert's channels (absent when an alert's deactivation ends it). */
      channels?: IncidentChannels;
      silence?: SilenceMark;
    }
  | {
      kind: 'remind';
      minute: number;
      subject: number;
      historyId: number;
      lastNotified: number;
      message: RenderedMessage;
      notifications: IncidentNotifications;
      silence?: SilenceMark;
    };

/** Everything one evaluation decided for one alert; written together with the others of its plan. */
export interface AlertPlan {
  alertId: number;
  state?: SubjectState;
  /** An out-of-band sample to add to the alert's hourly statistics. */
  sample?: { minute: number; value: number; windowSeconds: number };
  incident?: IncidentPlan;
}

/**
 * One evaluation's effects, applied in one transaction. With `item`, the work item is completed in
 * the same transaction, and nothing is written unless `worker` still holds it.
 */
export interface EvaluationPlan {
  accountId: number;
  item?: { id: number; worker: string };
  alerts: AlertPlan[];
}

export interface AppliedEvaluation {
  /** The item was claimed by another worker meanwhile: nothing was written. */
  leaseLost: boolean;
  started: number;
  ended: number;
  callbacks: number;
  notifications: number;
}

/** A stored batch waiting for the alert engine, as the ingest transaction wrote it. */
export interface EvaluationItem {
  id: number;
  accountId: number;
  serverId: number;
  minute: number;
  /** The batch as uploaded (JSON); parsed by the engine. */
  payload: string;
  /** When the batch was acknowledged (epoch ms). */
  receivedMs: number;
  attempts: number;
}

/** What the engine reads to decide a server's batch: alertsForServer, server and statesOf in one. */
export interface ServerContext {
  alerts: EngineAlert[];
  server: { hostname: string; capacity_mem: number } | null;
  /** The states of each of `alerts`, by alert id. */
  states: Map<number, SubjectState[]>;
}

/** What the alert engine reads and writes; kept apart from the alert CRUD repo on purpose. */
export interface AlertEngineRepo {
  /** Active alerts whose target concerns the server (server, its tags, processes, apps, logs, polled data). */
  alertsForServer(accountId: number, serverId: number): Promise<EngineAlert[]>;
  /** The context of each server (same order): what alertsForServer, server and statesOf answer, read at once. */
  contexts(servers: { accountId: number; serverId: number }[]): Promise<ServerContext[]>;
  /** Active Server Down alerts of every account, with the servers each watches and their last upload. */
  serverDownAlerts(): Promise<{ alert: EngineAlert; servers: { id: number; lastSeen: number | null }[] }[]>;
  server(accountId: number, serverId: number): Promise<{ hostname: string; capacity_mem: number } | null>;
  /** Names of the application's processes matcher: its name and template. */
  application(accountId: number, appId: number): Promise<{ name: string; template: number } | null>;
  polledName(accountId: number, polledId: number): Promise<string | null>;
  /** The account's FILE logs of the server: log id to file path (ties incident reports to a process). */
  fileLogs(accountId: number, serverId: number): Promise<Map<number, string>>;
  /** Those of the servers inside a maintenance window running at `at` (epoch seconds). */
  serversInMaintenance(accountId: number, serverIds: number[], at: number): Promise<number[]>;
  /** The account's silences running at `at` (start <= at < end), by id. */
  activeSilences(accountId: number, at: number): Promise<SilenceRecord[]>;
  /** Each server's tags and server sets (same order as `serverIds`), for silences that match by them. */
  serverScopes(accountId: number, serverIds: number[]): Promise<ServerScope[]>;
  states(accountId: number, alertId: number): Promise<SubjectState[]>;
  /** The states of several alerts of the account in one read, by alert id (every id present, [] for none). */
  statesOf(accountId: number, alertIds: number[]): Promise<Map<number, SubjectState[]>>;
  /** The open incident of the alert under `subject` (WHOLE_ALERT, or a per_server alert's server). */
  incident(accountId: number, alertId: number, subject: number): Promise<Incident | null>;
  /** Hostname and nickname of those of the servers that are the account's (to name breaching servers). */
  serverNames(accountId: number, serverIds: number[]): Promise<Map<number, { hostname: string; nickname: string }>>;
  /** The out-of-band band over the window before `minute` (the minute's own sample is added by a plan). */
  band(accountId: number, alertId: number, minute: number, windowSeconds: number): Promise<{ n: number; mean: number; sd: number }>;
  recipients(accountId: number, userIds: number[]): Promise<Recipient[]>;
  /** The account owner's user profile id. */
  ownerId(accountId: number): Promise<number | null>;

  /**
   * Claims pending work items for `worker` until nowMs + leaseMs: per server, the oldest first (by
   * minute) and only servers none of whose items another worker holds, so each server's minutes are
   * evaluated in order by one worker at a time. Up to `perServer` items of a server, `limit` in all.
   */
  claimEvaluations(worker: string, nowMs: number, leaseMs: number, limit: number, perServer: number): Promise<EvaluationItem[]>;
  /** Applies a plan in one transaction (completing its item); see EvaluationPlan. */
  apply(plan: EvaluationPlan): Promise<AppliedEvaluation>;
  /**
   * Applies several plans in one transaction, in order, each as `apply` would (a plan whose item is held
   * by another worker now writes nothing and answers leaseLost); answers one result per plan.
   */
  applyMany(plans: EvaluationPlan[]): Promise<AppliedEvaluation[]>;
  /** Gives an item back after an error: retried after `retryAtMs`, or marked failed once `give up` is true. */
  releaseEvaluation(id: number, worker: string, error: string, retryAtMs: number, giveUp: boolean): Promise<void>;
  /** Items not yet evaluated (failed ones excluded). */
  pendingEvaluations(): Promise<number>;
  /** The queue across accounts for /metrics: items pending and when the oldest was received (epoch ms; null when empty). */
  evaluationBacklog(): Promise<EvaluationBacklog>;
  /**
   * Calls `wake` whenever another process may have queued work here (PostgreSQL: LISTEN/NOTIFY). SQLite
   * does nothing: in-process events and polling find work there. The answer stops listening.
   */
  onWork(wake: () => void): () => Promise<void>;
}

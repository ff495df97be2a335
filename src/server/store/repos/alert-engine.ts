import type { AlertRule } from '../../alerting/conditions';
import type { RenderedMessage } from '../../alerting/messages';
import type { NewDelivery } from './outbox';

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
  in_incident: boolean;
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
}

export interface Recipient {
  id: number;
  email: string;
  phone: string | null;
}

/** The callbacks of an incident's start or end, given its history id. */
export type IncidentCallbacks = (historyId: number) => NewDelivery[];

/** An incident started or ended: its history and how many callbacks were queued with it. */
export interface IncidentChange {
  historyId: number;
  queued: number;
}

/** What the alert engine reads and writes; kept apart from the alert CRUD repo on purpose. */
export interface AlertEngineRepo {
  /** Active alerts whose target concerns the server (server, its tags, processes, apps, logs, polled data). */
  alertsForServer(accountId: number, serverId: number): Promise<EngineAlert[]>;
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
  states(accountId: number, alertId: number): Promise<SubjectState[]>;
  putState(accountId: number, alertId: number, s: SubjectState): Promise<void>;
  incident(accountId: number, alertId: number): Promise<Incident | null>;
  /**
   * Opens an incident atomically: alert history with its message, in_incident and last_triggered, and
   * the TRIGGERED callbacks in the outbox. null (nothing written) when the alert is no longer active or
   * is already in incident.
   */
  startIncident(accountId: number, alertId: number, minute: number, render: (historyId: number) => RenderedMessage, callbacks: IncidentCallbacks): Promise<IncidentChange | null>;
  /** Closes the incident atomically: history end, in_incident false, RESOLVED callbacks in the outbox. null when none was open. */
  endIncident(accountId: number, alertId: number, minute: number, callbacks: IncidentCallbacks): Promise<IncidentChange | null>;
  markNotified(accountId: number, alertId: number, minute: number): Promise<void>;
  /** Answers the band over the window before `minute`, then adds the value to the hourly statistics. */
  addSample(accountId: number, alertId: number, minute: number, value: number, windowSeconds: number): Promise<{ n: number; mean: number; sd: number }>;
  recipients(accountId: number, userIds: number[]): Promise<Recipient[]>;
  /** Records a notification and answers its id. */
  addNotification(accountId: number, n: { alertId: number; historyId: number; userId: number; channel: string; recipient: string; subject: string; body: string; state: string; error?: string }): Promise<number>;
  /** Records how sending a notification ended ('sent' or 'failed'). */
  notificationSent(id: number, state: 'sent' | 'failed', error?: string): Promise<void>;
  /** The account owner's user profile id. */
  ownerId(accountId: number): Promise<number | null>;
}

import type { EscalationStep } from '../../../shared/escalation-policies';
import type { Page, PagingQuery } from '../../../shared/paging';
import type { NewNotification, Recipient } from './alert-engine';
import type { NewChannelMessage } from './outbox';

/** A stored escalation policy; `alerts` are the ids of the alerts that name it. */
export interface EscalationPolicyRecord {
  id: number;
  name: string;
  steps: EscalationStep[];
  repeat: number;
  alerts: number[];
  created: number;
}

/** What create and update write (update replaces the policy but keeps its id and created). */
export type EscalationPolicyWrite = Pick<EscalationPolicyRecord, 'name' | 'steps' | 'repeat'>;

/** What a delete did: refused while alerts name the policy (those alerts), else whether it existed. */
export type PolicyDeletion = { kind: 'deleted' } | { kind: 'missing' } | { kind: 'in_use'; alerts: { id: number; name: string }[] };

export interface EscalationPolicyRepo {
  /** The account's policies, in id order. */
  list(accountId: number, paging: PagingQuery): Promise<Page<EscalationPolicyRecord>>;
  get(accountId: number, id: number): Promise<EscalationPolicyRecord | null>;
  create(accountId: number, w: EscalationPolicyWrite, created: number): Promise<EscalationPolicyRecord>;
  update(accountId: number, id: number, w: EscalationPolicyWrite): Promise<EscalationPolicyRecord | null>;
  /** Deletes the policy unless an alert names it; its walks in progress end with it. */
  delete(accountId: number, id: number): Promise<PolicyDeletion>;
  /** Of `ids`, those that are not user profiles of the account (numeric order). */
  missingUsers(accountId: number, ids: number[]): Promise<number[]>;
}

/**
 * The walk of one incident through its alert's policy: the next step to take (zero-based `step` of
 * zero-based `pass`) and when it is due (epoch seconds). `startedAt` is when the walk began.
 */
export interface EscalationWalk {
  accountId: number;
  historyId: number;
  alertId: number;
  policyId: number;
  step: number;
  pass: number;
  startedAt: number;
  dueAt: number;
}

/** What an 'escalated' incident event records (the timeline reads it back). */
export interface EscalatedEventData {
  policy_id: number;
  policy_name: string;
  /** One-based, as people count: step 2 of 3, pass 1 of 2. */
  step: number;
  steps: number;
  pass: number;
  passes: number;
  /** The e-mail addresses told, each once. */
  recipients: string[];
  /** The schedules asked and whom each had on call then. */
  schedules: { id: number; users: number[] }[];
  /** The channels told (ids). */
  channels: number[];
  silenced: boolean;
  /** Set when the step reached nobody it names and told the account owner instead. */
  fallback?: 'owner';
}

/**
 * One step of a walk, written in one transaction by `take`: only while the walk is still at the step
 * it was read at (`walk.step`, `walk.pass`) and its incident is open and unacknowledged; then its
 * notifications and its incident event are written, and the walk moves to `next` (null: it is over).
 */
export interface EscalationStepWrite {
  walk: EscalationWalk;
  next: { step: number; pass: number; dueAt: number } | null;
  notifications: NewNotification[];
  /** The step's channels, told TRIGGERED (a PagerDuty trigger of the incident's dedup_key). */
  channelMessages: NewChannelMessage[];
  /** Null: the walk moves on without a word (its policy was deleted, or the step is no longer in it). */
  event: EscalatedEventData | null;
  at: number;
  nowMs: number;
}

/** The durable walks of incidents through escalation policies (docs/escalation.md). */
export interface EscalationWalkRepo {
  /** Walks due at `now` whose incident is open and unacknowledged, oldest due first. */
  due(now: number, limit: number): Promise<EscalationWalk[]>;
  /** The walk of an incident, or null (none, or over). */
  get(accountId: number, historyId: number): Promise<EscalationWalk | null>;
  /** Those an incident's walk e-mailed and the channels told of it (each once; not what a silence held back): its RESOLVED message tells them. */
  told(accountId: number, historyId: number): Promise<{ people: Recipient[]; channels: number[] }>;
  /** Takes one step (see EscalationStepWrite); false when the walk had moved on or its incident had ended or was acknowledged. */
  take(w: EscalationStepWrite): Promise<boolean>;
}

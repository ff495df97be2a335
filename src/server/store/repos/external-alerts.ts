import type { Page, PagingQuery } from '../../../shared/paging';
import type { IncidentNotifications, RenderedMessage, SilenceMark } from './alert-engine';

/**
 * An external alert: one distinct label set an account received from Prometheus, vmalert or Grafana
 * (POST /api/v2/alerts). Its incidents are alert histories with alert_id 0 and alert_type 'External'.
 * Times are epoch seconds.
 */
export interface ExternalAlertRecord {
  id: number;
  fingerprint: string;
  alertname: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  generatorUrl: string;
  startsAt: number;
  /** When the sender says it ends (a firing alert's is a few minutes ahead and moves with each resend). */
  endsAt: number;
  firstSeen: number;
  lastSeen: number;
  /** The open incident, null when resolved. */
  historyId: number | null;
  lastHistoryId: number | null;
  /** When its users were last told of the open incident (its start, then each reminder). */
  lastNotified: number | null;
}

/** What a received alert writes to its record (created on first sight, updated on every resend). */
export interface ExternalAlertUpsert {
  fingerprint: string;
  alertname: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  generatorUrl: string;
  startsAt: number;
  endsAt: number;
}

/**
 * What happens to an external alert's incident. Each is guarded in the writing transaction: an open
 * only when none is open, a resolve or reminder only of the incident it was decided for (a reminder
 * also not once acknowledged), so a stale or repeated decision writes nothing.
 */
export type ExternalStep =
  | {
      kind: 'open';
      start: number;
      render: (historyId: number) => RenderedMessage;
      notifications: IncidentNotifications;
      silence?: SilenceMark;
      /** The account's policy for external alerts: the incident's walk starts with it (its users are not told). */
      escalation?: { policyId: number; startedAt: number; dueAt: number };
    }
  | { kind: 'resolve'; historyId: number; end: number; render: (historyId: number) => RenderedMessage; notifications: IncidentNotifications; silence?: SilenceMark }
  | { kind: 'remind'; historyId: number; lastNotified: number; at: number; message: RenderedMessage; notifications: IncidentNotifications; silence?: SilenceMark };

export interface ExternalWrite {
  /** Absent for a clock step of a stored alert (then `id` names it). */
  alert?: ExternalAlertUpsert;
  id?: number;
  step?: ExternalStep;
}

export interface ExternalApplied {
  opened: number;
  resolved: number;
  reminded: number;
  notified: number;
}

/** An open external incident the clock must look at: its alert ran past endsAt, or a reminder is due. */
export interface ExternalDue {
  accountId: number;
  alert: ExternalAlertRecord;
  expired: boolean;
}

export interface ExternalAlertListQuery extends PagingQuery {
  state?: 'firing' | 'resolved';
}

export interface ExternalAlertRepo {
  /** The account's records of these fingerprints, by fingerprint. */
  byFingerprints(accountId: number, fingerprints: string[]): Promise<Map<string, ExternalAlertRecord>>;
  /** Writes the records and their steps in one transaction, in order; `now` is epoch seconds. */
  apply(accountId: number, writes: ExternalWrite[], now: number): Promise<ExternalApplied>;
  /**
   * Open incidents of every account whose alert's endsAt is at or before `now` (expired), or, not
   * acknowledged, whose last notification is at least the account's reminder interval old.
   */
  due(now: number, limit: number): Promise<ExternalDue[]>;
  /** Most recently seen first. */
  list(accountId: number, q: ExternalAlertListQuery): Promise<Page<ExternalAlertRecord>>;
  get(accountId: number, id: number): Promise<ExternalAlertRecord | null>;
}

/** An account's token for POST /api/v2/alerts; only a hash of the token is stored. */
export interface IngestTokenRecord {
  id: number;
  name: string;
  /** The token's public first characters (looked up by; not enough to use it). */
  lookup: string;
  created: number;
  createdBy: number | null;
  lastUsed: number | null;
}

export interface IngestTokenRepo {
  create(accountId: number, t: { name: string; lookup: string; hash: string; createdBy: number | null }, now: number): Promise<IngestTokenRecord>;
  list(accountId: number, paging: PagingQuery): Promise<Page<IngestTokenRecord>>;
  get(accountId: number, id: number): Promise<IngestTokenRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** The tokens whose lookup this is (one, but nothing forbids two accounts' alike), with account and hash (compared by the caller in constant time). */
  byLookup(lookup: string): Promise<{ accountId: number; id: number; hash: string }[]>;
  /** Records a use (at most once a minute is enough for the list's "last used"). */
  touch(accountId: number, id: number, now: number): Promise<void>;
}

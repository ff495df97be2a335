import type { Batch, CollectorConfig, ProcessSample, Registration, ServerSample } from '../../../shared/ingest';
import type { AlertValues } from './alerts';
import type { Page, PagingQuery } from '../../../shared/paging';
import type { ProcessDataRecord, ProcessItem, ProcessSummaryRecord } from '../../../shared/telemetry';
import type { SeriesWindow, WindowPlan } from '../../../shared/timeseries';

/**
 * One page of records answered as they are stored: the items' JSON texts joined with commas, as UTF-8
 * bytes (never decoded into JS strings and encoded again), and the window's total.
 */
export interface JsonPage {
  total: number;
  json: Buffer;
}

/** Log and transaction messages written outside a collector batch (OTLP, issue 20). */
export type EventParts = Pick<Batch, 'logs' | 'transactions'>;

/** The outcome of a registration: the server id, or `gone` when the API deleted that guid's server. */
export type RegisterResult = { kind: 'ok'; serverId: number; created: boolean } | { kind: 'gone' };

/** A server looked up by its collector guid. */
export type GuidLookup = { kind: 'ok'; serverId: number } | { kind: 'gone' } | { kind: 'unknown' };

/** One process of one minute with its identity, for engines that evaluate raw samples. */
export interface ProcessMinute {
  uid: string;
  pid: number;
  create_time: number;
  name: string;
  args: string | null;
  sample: Omit<ProcessSample, 'pid' | 'create_time' | 'name' | 'args'>;
}

/** A stored process (identity and first/last minute seen; last_seen is exact to within 10 minutes). */
export interface ProcessRecord {
  serverId: number;
  pid: number;
  createTime: number;
  name: string;
  args: string | null;
  firstSeen: number;
  lastSeen: number;
}

/** The queue payload of a batch given the types of its account's active alerts; null: nothing to evaluate. */
export type EvaluationPayloadOf = (activeAlertTypes: string[]) => string | null;

/** The alerts a newly registered server gets, given its id and the account owner's user id. */
export type DefaultAlerts = (server: { id: number; hostname: string; os: string }, ownerId: number) => AlertValues[];

export interface TelemetryRepo {
  /**
   * Upserts the server by (account, guid); location_ip is the upload's address. A new server gets the
   * alerts `defaultAlerts` gives (for it and the account owner) in the same transaction.
   */
  register(accountId: number, reg: Registration, ip: string, now: number, defaultAlerts?: DefaultAlerts): Promise<RegisterResult>;
  byGuid(accountId: number, guid: string): Promise<GuidLookup>;
  collectorConfig(accountId: number, serverId: number): Promise<CollectorConfig>;
  /**
   * Stores a validated batch in one transaction (dedupe, last_seen, every sink of SINKS, and the
   * alert engine's work item, whose payload `evaluation` makes from the types of the account's active
   * alerts read in that transaction). Returns false when the batch id was seen before: nothing is stored.
   */
  ingest(accountId: number, serverId: number, batch: Batch, now: number, evaluation?: EvaluationPayloadOf): Promise<boolean>;
  /**
   * Stores log and transaction messages of the server in one transaction, as a batch's would be
   * (the logs must be the server's own, transaction messages go to its AFURL/AFSQL logs while the
   * account collects transactions, per-minute limits apply), with no dedupe and no evaluation.
   */
  writeEvents(accountId: number, serverId: number, events: EventParts): Promise<void>;

  /** The minute of the server's most recent sample, or null. */
  latestMinute(accountId: number, serverId: number): Promise<number | null>;
  /** The time of the most recent point of the series at this step (60, 3600, 86400), or null. */
  latestTime(accountId: number, serverId: number, step: number): Promise<number | null>;
  /** Server samples by their own minute, oldest first, from..to inclusive (for the alert engine). */
  serverMinuteSamples(accountId: number, serverId: number, from: number, to: number): Promise<{ time: number; sample: ServerSample }[]>;
  /** Process samples per minute, oldest first, from..to inclusive. */
  processMinuteSamples(accountId: number, serverId: number, from: number, to: number): Promise<{ time: number; processes: ProcessMinute[] }[]>;
  /** Latest sample of every server of the account that has one (fleet view). */
  latestOfServers(accountId: number): Promise<{ serverId: number; time: number; sample: ServerSample }[]>;
  /** The same as JSON texts of records with server_id, one page, by server id. */
  latestOfServersJson(accountId: number, paging: PagingQuery): Promise<JsonPage>;

  /**
   * GET /servers/{id}/data/ in one read: null when the account has no such live server; else its data
   * records of the planned window (its latest point read in the same query) as JSON texts, newest first,
   * one page; total counts the window (0, and no items, when the window is empty).
   */
  serverSeriesJson(accountId: number, serverId: number, plan: WindowPlan, paging: PagingQuery): Promise<JsonPage | null>;
  /** The process identified by server, pid and create time, or null. */
  process(accountId: number, serverId: number, pid: number, createTime: number): Promise<ProcessRecord | null>;
  /** Processes in the server's latest minute, or running within start..end. */
  processes(accountId: number, serverId: number, range: { start: number; end: number } | null, paging: PagingQuery): Promise<Page<ProcessItem>>;
  /** One process's records over the window, newest first. */
  processSeries(accountId: number, serverId: number, pid: number, createTime: number, w: SeriesWindow, paging: PagingQuery): Promise<Page<ProcessDataRecord>>;
  /** Summary records of every process per step of the window, newest step first, then by uid. */
  processSummary(accountId: number, serverId: number, w: SeriesWindow, paging: PagingQuery): Promise<Page<ProcessSummaryRecord>>;
  /** The same page as processSummary with each record as JSON text (answered without re-serialising). */
  processSummaryJson(accountId: number, serverId: number, w: SeriesWindow, paging: PagingQuery): Promise<Page<string>>;
  /** The minute of the latest process detail of the server at or before `time` (any time when absent). */
  processDetail(
    accountId: number,
    serverId: number,
    pid: number,
    createTime: number,
    time: number | undefined,
  ): Promise<{ files?: string[]; threads?: Record<string, string>[] } | null>;

  /**
   * The process's details at the minute nearest `time` that has them, at most `within` seconds away
   * (the earlier minute on a tie), with that minute; null when none has them.
   */
  processDetailNear(
    accountId: number,
    serverId: number,
    pid: number,
    createTime: number,
    time: number,
    within: number,
  ): Promise<{ time: number; files?: string[]; threads?: Record<string, string>[] } | null>;

  /**
   * Deletes what is older than each category's retention: `keep` for every account, or the account's
   * own policy in `accounts` (issue 21); returns rows removed.
   */
  enforceRetention(now: number, keep: RetentionPolicy, accounts?: ReadonlyMap<number, RetentionPolicy>): Promise<number>;
}

/** Seconds each resolution is kept; null keeps forever. */
export interface RetentionPolicy {
  minute: number | null;
  hour: number | null;
  day: number | null;
  /** How long batch ids are remembered for dedupe (one value for the whole store). */
  batchIds: number;
  /** Process details (open files, threads); absent: as `minute`. */
  processDetails?: number | null;
  /** Log messages and counts; absent: as `minute`. */
  logs?: number | null;
  /** Transaction messages (traces); absent: as `minute`. */
  traces?: number | null;
  /** Closed alert histories, by their end; absent: kept forever. */
  alertHistories?: number | null;
}

import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored window; started/ended are derived by the caller, which owns the clock. */
export interface MaintenanceWindowRecord {
  id: number;
  start: number;
  /** A plain window's end; a recurring window's until, null when it recurs without end. */
  end: number | null;
  reason: string;
  servers: number[];
  /** An RRULE (checked by shared/rrule-text) or null for a plain window. */
  rrule: string | null;
  /** Minutes each occurrence lasts; null for a plain window. */
  duration: number | null;
  /** IANA zone of the rule's wall times ('UTC' unless given). */
  timeZone: string;
  serverTags: number[];
  serverSets: number[];
}

export interface MaintenanceWindowWrite {
  start: number;
  end: number | null;
  /** Omitted: empty, on update too (PUT takes the same as POST and replaces the window). */
  reason?: string;
  servers: number[];
  /** The recurrence and scope extensions; omitted: a plain window of `servers` in UTC. */
  rrule?: string | null;
  duration?: number | null;
  timeZone?: string;
  serverTags?: number[];
  serverSets?: number[];
}

export interface MaintenanceWindowRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<MaintenanceWindowRecord>>;
  get(accountId: number, id: number): Promise<MaintenanceWindowRecord | null>;
  create(accountId: number, input: MaintenanceWindowWrite): Promise<MaintenanceWindowRecord>;
  update(accountId: number, id: number, input: MaintenanceWindowWrite): Promise<MaintenanceWindowRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /**
   * Ids of the account's servers inside a window at `time` (start <= time < end), for the alert
   * engine: plain windows and recurring windows' occurrences, through their servers, tags and sets
   * as they are now (a server tagged after the window was made is covered).
   */
  serversInMaintenance(accountId: number, time: number): Promise<number[]>;
}

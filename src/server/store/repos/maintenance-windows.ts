import type { Page, PagingQuery } from '../../../shared/paging';

/** A stored window; started/ended are derived by the caller, which owns the clock. */
export interface MaintenanceWindowRecord {
  id: number;
  start: number;
  end: number;
  reason: string;
  servers: number[];
}

export interface MaintenanceWindowWrite {
  start: number;
  end: number;
  /** Omitted: empty, on update too (PUT takes the same as POST and replaces the window). */
  reason?: string;
  servers: number[];
}

export interface MaintenanceWindowRepo {
  list(accountId: number, paging: PagingQuery): Promise<Page<MaintenanceWindowRecord>>;
  get(accountId: number, id: number): Promise<MaintenanceWindowRecord | null>;
  create(accountId: number, input: MaintenanceWindowWrite): Promise<MaintenanceWindowRecord>;
  update(accountId: number, id: number, input: MaintenanceWindowWrite): Promise<MaintenanceWindowRecord | null>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Ids of the account's servers inside a window at `time` (start <= time < end), for the alert engine. */
  serversInMaintenance(accountId: number, time: number): Promise<number[]>;
}

import type { PagingQuery, Page } from '../../../shared/paging';
import type { Rotation, Schedule, ScheduleOverride } from '../../../shared/schedules';

/** What create and update write: update replaces these and keeps the overrides. */
export interface ScheduleWrite {
  name: string;
  time_zone: string;
  rotations: Rotation[];
}

export interface OverrideWrite {
  user_id: number;
  start: number;
  end: number;
  created_by: number | null;
}

/**
 * On-call schedules (issue 19). A schedule is read whole, as the API answers it: its rotations (in
 * layer order) and its overrides (oldest first, so a later one wins where two overlap).
 */
export interface ScheduleRepo {
  /** The account's schedules by id. */
  list(accountId: number, paging: PagingQuery): Promise<Page<Schedule>>;
  get(accountId: number, id: number): Promise<Schedule | null>;
  create(accountId: number, input: ScheduleWrite, created: number): Promise<Schedule>;
  update(accountId: number, id: number, input: ScheduleWrite): Promise<Schedule | null>;
  /** Removes the schedule and its overrides. */
  remove(accountId: number, id: number): Promise<boolean>;
  /** null when the account has no such schedule. */
  addOverride(accountId: number, scheduleId: number, input: OverrideWrite, created: number): Promise<ScheduleOverride | null>;
  removeOverride(accountId: number, scheduleId: number, overrideId: number): Promise<boolean>;
}

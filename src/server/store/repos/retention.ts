import type { RetentionCategory, RetentionDays, StoreSize } from '../../../shared/retention';

/** Days per category an account set; a category it never set is absent (the service's default applies). */
export type RetentionSettings = Partial<RetentionDays>;

/** What one category of one account holds now, before the size estimate (common/retention.ts). */
export interface CategoryUsage {
  category: RetentionCategory;
  rows: number;
  bytes: number;
  growthPerDay: number;
}

/** The per-account retention settings (issue 21) and what each category takes on disk. */
export interface RetentionRepo {
  get(accountId: number): Promise<RetentionSettings>;
  /** Stores the whole effective setting of the account (validated by the service). */
  set(accountId: number, days: RetentionDays, now: number): Promise<void>;
  /** Every account that set its retention, for the retention job. */
  all(): Promise<Map<number, RetentionSettings>>;
  /** The account's rows, bytes and growth per day in each category at `now`. */
  usage(accountId: number, now: number): Promise<CategoryUsage[]>;
  /** The whole store's size and the free disk where it lives (null when unknown). */
  size(): Promise<StoreSize>;
  /**
   * After a retention run: gives freed pages back to the file system where the store can (SQLite's
   * incremental vacuum) and bounds the write-ahead log. A no-op on PostgreSQL (autovacuum).
   */
  compact(): Promise<void>;
}

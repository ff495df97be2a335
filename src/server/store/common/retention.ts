import { RETENTION_CATEGORIES, type RetentionCategory, type RetentionDays } from '../../../shared/retention';
import type { CategoryUsage } from '../repos/retention';
import type { RetentionPolicy } from '../repos/telemetry';

/** Seconds a category is kept under a policy (absent optional fields follow `minute`; alert histories forever). */
export function keepOf(p: RetentionPolicy, c: RetentionCategory): number | null {
  switch (c) {
    case 'minute':
      return p.minute;
    case 'hour':
      return p.hour;
    case 'day':
      return p.day;
    case 'process_details':
      return p.processDetails === undefined ? p.minute : p.processDetails;
    case 'logs':
      return p.logs === undefined ? p.minute : p.logs;
    case 'traces':
      return p.traces === undefined ? p.minute : p.traces;
    case 'alert_histories':
      return p.alertHistories ?? null;
  }
}

/** The cut of `c` for one account: rows before it go; null keeps everything. */
export function cutOf(now: number, keep: RetentionPolicy, accounts: ReadonlyMap<number, RetentionPolicy> | undefined, accountId: number, c: RetentionCategory): number | null {
  const k = keepOf(accounts?.get(accountId) ?? keep, c);
  return k === null ? null : now - k;
}

/**
 * The longest any account keeps `c` (the default for accounts without a policy): what PostgreSQL drops
 * whole partitions by; accounts that keep less lose their older rows by DELETE. Null: someone keeps it forever.
 */
export function longestKeep(keep: RetentionPolicy, accounts: ReadonlyMap<number, RetentionPolicy> | undefined, c: RetentionCategory): number | null {
  let longest = keepOf(keep, c);
  for (const p of accounts?.values() ?? []) {
    const k = keepOf(p, c);
    if (longest === null || k === null) return null;
    longest = Math.max(longest, k);
  }
  return longest;
}

/** Accounts whose own policy keeps `c` shorter than `longest` (they need row deletes beside the partition drops). */
export function shorterThan(accounts: ReadonlyMap<number, RetentionPolicy> | undefined, c: RetentionCategory, longest: number | null): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, p] of accounts ?? []) {
    const k = keepOf(p, c);
    if (k !== null && (longest === null || k < longest)) out.push([a, k]);
  }
  return out;
}

/** Row counts of one table (or one slice of it) for the size estimate. */
export interface TableCounts {
  /** Bytes of the whole table with its indexes. */
  tableBytes: number;
  /** Rows of the whole table. */
  tableRows: number;
  /** Rows of the account in the slice. */
  accountRows: number;
  /** Rows of the account in the slice written in the last 24 hours. */
  accountDayRows: number;
}

/**
 * The account's share of a category's disk: each table's bytes times the account's share of its rows
 * (the average row, indexes included), summed; growth per day likewise from the last day's rows.
 */
export function estimateUsage(parts: readonly TableCounts[]): { rows: number; bytes: number; growthPerDay: number } {
  let rows = 0;
  let bytes = 0;
  let growth = 0;
  for (const p of parts) {
    const perRow = p.tableRows > 0 ? p.tableBytes / p.tableRows : 0;
    rows += p.accountRows;
    bytes += perRow * p.accountRows;
    growth += perRow * p.accountDayRows;
  }
  return { rows, bytes: Math.round(bytes), growthPerDay: Math.round(growth) };
}

/** The settings table's column of each category (`<category>_days`), in RETENTION_CATEGORIES order. */
export const RETENTION_COLUMNS = RETENTION_CATEGORIES.map((c) => `${c}_days`);

/** A settings row as days per category (numbers may come back as text from PostgreSQL's bigint). */
export function toRetentionDays(row: Record<string, unknown>): RetentionDays {
  const out = {} as RetentionDays;
  for (const c of RETENTION_CATEGORIES) {
    const v = row[`${c}_days`];
    out[c] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

/** One usage figure per category from its tables' counts. */
export function usageOf(counts: Record<RetentionCategory, TableCounts[]>): CategoryUsage[] {
  return RETENTION_CATEGORIES.map((category) => ({ category, ...estimateUsage(counts[category]) }));
}

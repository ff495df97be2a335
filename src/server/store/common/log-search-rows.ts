import type { LogSearchPlan, LogSearchRow, Severity } from '../repos/log-data';

/** Severity codes as stored (an index into this list), on both stores. */
const CODES: Severity[] = ['info', 'warning', 'critical'];

/** A search row as both stores read it: the severity as its stored code. */
export type LogSearchDbRow = Omit<LogSearchRow, 'severity'> & { severity: number };

/** The stored code of a severity, or null for any. */
export const severityCode = (s: Severity | undefined): number | null => (s === undefined ? null : CODES.indexOf(s));

/** The row with its severity named. */
export const toSearchRow = (r: LogSearchDbRow): LogSearchRow => ({ ...r, severity: CODES[r.severity] ?? 'info' });

/** The minutes whose batches may hold messages of the window (the minute column leads the keys). */
export const searchMinutes = (p: LogSearchPlan): [number, number] => [Math.floor(p.from / 60) * 60, Math.floor(p.to / 60) * 60];

/** The needle of a contains match, lower-cased as both stores lower the message (ASCII on SQLite). */
export const needle = (p: LogSearchPlan): string | null => (p.text ? p.text.toLowerCase() : null);

/**
 * Source types a search reads: people's logs only. AFURL/AFSQL messages live in the transaction
 * tables and have their own screens.
 */
export const SEARCHED_TYPES = ['EVENTLOG', 'SYSLOG', 'FILE'] as const;

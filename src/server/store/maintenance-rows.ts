import { activeAt, type Recurrence } from '../../shared/maintenance-occurrences';
import type { MaintenanceWindowWrite } from './repos/maintenance-windows';

/**
 * What both stores share about maintenance windows' rows: the stored end of a recurring window
 * without until, and the choice, among the candidate rows SQL found for a minute, of those with an
 * occurrence running then (the pure shared module decides; SQL only narrows).
 */

/** "end" of a recurring window without until: 9999-12-31 23:59:59 UTC (the column is NOT NULL). */
export const NO_UNTIL = 253_402_300_799;

export const storedEnd = (end: number | null): number => end ?? NO_UNTIL;
export const readEnd = (end: number): number | null => (end >= NO_UNTIL ? null : end);

/** A window row as the candidate queries select it. */
export interface CandidateRow {
  id: number;
  start: number;
  end: number;
  rrule: string | null;
  duration: number | null;
  time_zone: string;
}

export const recurrenceOf = (r: CandidateRow): Recurrence => ({
  start: r.start,
  end: readEnd(r.end),
  rrule: r.rrule,
  duration: r.duration,
  timeZone: r.time_zone,
});

/** Ids of the candidate windows with an occurrence covering `at`. */
export const activeWindowIds = (rows: CandidateRow[], at: number): number[] => rows.filter((r) => activeAt(recurrenceOf(r), at)).map((r) => r.id);


/** The columns a write sets, in this order: start, "end", reason, rrule, duration, time_zone. */
export const writeColumns = (w: MaintenanceWindowWrite) => [w.start, storedEnd(w.end), w.reason ?? '', w.rrule ?? null, w.duration ?? null, w.timeZone ?? 'UTC'];

import { eachWallBetween } from './rrule-window';
import { epochToWall, wallToEpoch } from './time-zones';

/**
 * When a maintenance window applies: the one place that decides it, for both stores (the alert
 * engine), the occurrences endpoint, the backtest and the dashboard's chart bands.
 *
 * A recurring window's rule runs on local wall times in the window's zone (RFC 5545 DTSTART with
 * TZID): the rule is expanded "floating", with the start's wall time as DTSTART, and each wall time
 * is then placed in the zone. So a daily 09:00 New York window stays at 09:00 local across daylight
 * saving changes (rrule-window.ts keeps the expansion short). rrule's own tzid option is not used: it
 * converts through the host's zone, so the same rule would expand differently on a server in UTC and
 * in a browser in Tokyo.
 */
export interface Recurrence {
  /** Start of the (first) occurrence, epoch seconds. */
  start: number;
  /** One-off: the window's end. Recurring: until (occurrences start before it); null: no end. */
  end: number | null;
  /** An RRULE checked by checkRrule, or null for a one-off window. */
  rrule: string | null;
  /** Minutes each occurrence lasts (recurring windows). */
  duration: number | null;
  timeZone: string;
}

export interface Occurrence {
  start: number;
  end: number;
}

/** Every occurrence overlapping [from, to), oldest first, at most `max`. */
export function occurrencesBetween(w: Recurrence, from: number, to: number, max = 10_000): Occurrence[] {
  if (!w.rrule || !w.duration) return w.end !== null && w.start < to && w.end > from ? [{ start: w.start, end: w.end }] : [];
  const len = w.duration * 60;
  const last = w.end === null ? to : Math.min(to, w.end);
  if (last <= w.start || to <= from) return [];
  const out = new Map<number, Occurrence>();
  // Wall times are searched a day wider each side, then placed in the zone and kept only if they
  // overlap the range: offsets never exceed a day.
  const lo = epochToWall(Math.max(from - len, w.start), w.timeZone) - 86_400;
  const hi = epochToWall(last, w.timeZone) + 86_400;
  eachWallBetween(w.rrule, epochToWall(w.start, w.timeZone), lo, hi, (wall) => {
    const start = wallToEpoch(wall, w.timeZone);
    if (start >= w.start && start < last && start + len > from) out.set(start, { start, end: start + len });
    return out.size < max;
  });
  return [...out.values()].sort((a, b) => a.start - b.start);
}

/** Whether an occurrence of the window covers the instant `t` (start <= t < end). */
export const activeAt = (w: Recurrence, t: number): boolean => occurrencesBetween(w, t, t + 1, 1).length > 0;

/** The next `n` occurrences running at or after `t` (the one in progress included), looking 5 years ahead. */
export const nextOccurrences = (w: Recurrence, t: number, n: number): Occurrence[] => occurrencesBetween(w, t, t + 5 * 366 * 86_400, n);

import { DateTime } from 'luxon';
import type { Shift } from '../../../shared/schedules';

/** One shift's part within one day, placed on the day's 24-hour bar (percentages of the day's real length). */
export interface CalendarBlock {
  key: string;
  userId: number;
  name: string;
  layer: Shift['layer'];
  /** The part on this day, epoch seconds. */
  start: number;
  end: number;
  /** Wall times in the schedule's zone; an end at the next midnight reads 24:00. */
  from: string;
  to: string;
  left: number;
  width: number;
}

export interface CalendarDay {
  /** yyyy-mm-dd in the schedule's zone. */
  key: string;
  /** "Wed 4 Nov". */
  label: string;
  today: boolean;
  start: number;
  end: number;
  blocks: CalendarBlock[];
}

const midnight = (at: number, zone: string) => DateTime.fromSeconds(at, { zone }).startOf('day');

/** The calendar's range: from the local midnight of `now`'s day, `days` days (in the schedule's zone). */
export function calendarRange(zone: string, now: number, days: number): { start: number; end: number } {
  const first = midnight(now, zone);
  return { start: first.toSeconds(), end: first.plus({ days }).toSeconds() };
}

const hhmm = (at: number, zone: string, dayEnd: number) => (at >= dayEnd ? '24:00' : DateTime.fromSeconds(at, { zone }).toFormat('HH:mm'));

/**
 * Shifts as days (rows) of blocks: each shift cut at the zone's midnights, labelled with its person's
 * name. Days are calendar days of the zone, so a daylight-saving day is 23 or 25 hours wide.
 */
export function toCalendar(shifts: Shift[], names: ReadonlyMap<number, string>, zone: string, now: number, days: number): CalendarDay[] {
  const first = midnight(now, zone);
  const todayKey = first.toISODate();
  const out: CalendarDay[] = [];
  for (let i = 0; i < days; i++) {
    const d = first.plus({ days: i });
    const start = d.toSeconds();
    const end = d.plus({ days: 1 }).toSeconds();
    const blocks: CalendarBlock[] = [];
    for (const s of shifts) {
      const a = Math.max(s.start, start);
      const b = Math.min(s.end, end);
      if (a >= b) continue;
      blocks.push({
        key: `${s.user_id}-${s.start}-${a}`,
        userId: s.user_id,
        name: names.get(s.user_id) ?? `user ${s.user_id}`,
        layer: s.layer,
        start: a,
        end: b,
        from: hhmm(a, zone, end),
        to: hhmm(b, zone, end),
        left: ((a - start) / (end - start)) * 100,
        width: ((b - a) / (end - start)) * 100,
      });
    }
    out.push({ key: d.toISODate() ?? String(start), label: d.setLocale('en-GB').toFormat('ccc d LLL'), today: d.toISODate() === todayKey, start, end, blocks });
  }
  return out;
}

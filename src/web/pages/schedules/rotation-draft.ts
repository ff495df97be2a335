import { DateTime } from 'luxon';
import type { Rotation, RotationLength, Weekday } from '../../../shared/schedules';

/**
 * A rotation as the form edits it: the start as a date, the first hand-off happening at the hand-off
 * time of that date in the schedule's zone (so the form never asks for an instant to the second).
 */
export interface RotationDraft {
  name: string;
  users: number[];
  /** yyyy-mm-dd in the schedule's zone. */
  startDate: string;
  handoff: string;
  unit: RotationLength['unit'];
  count: string;
  /** Empty: every day. */
  weekdays: Weekday[];
  /** Hours restriction on, from and to as "HH:MM". */
  hoursOn: boolean;
  from: string;
  to: string;
}

/** A new rotation: weekly, handing off at 09:00, starting today. */
export function newDraft(zone: string, now: number): RotationDraft {
  return { name: '', users: [], startDate: DateTime.fromSeconds(now, { zone }).toISODate() ?? '', handoff: '09:00', unit: 'week', count: '1', weekdays: [], hoursOn: false, from: '09:00', to: '17:00' };
}

export function toDraft(r: Rotation, zone: string): RotationDraft {
  return {
    name: r.name,
    users: r.users,
    startDate: DateTime.fromSeconds(r.start, { zone }).toISODate() ?? '',
    handoff: r.handoff_time,
    unit: r.length.unit,
    count: String(r.length.count),
    weekdays: r.restriction?.weekdays ?? [],
    hoursOn: !!r.restriction?.hours,
    from: r.restriction?.hours?.from ?? '09:00',
    to: r.restriction?.hours?.to ?? '17:00',
  };
}

/** The epoch seconds of a local date and wall time in the zone; NaN when the date is not one. */
export function wallToEpoch(date: string, hhmm: string, zone: string): number {
  const d = DateTime.fromISO(`${date}T${hhmm}`, { zone });
  return d.isValid ? Math.floor(d.toSeconds()) : Number.NaN;
}

/** What the service takes; values the form cannot check (a count of "x") go as typed, for the service to name. */
export function fromDraft(d: RotationDraft, zone: string) {
  const restricted = d.weekdays.length > 0 || d.hoursOn;
  return {
    name: d.name,
    users: d.users,
    start: wallToEpoch(d.startDate, d.handoff, zone),
    handoff_time: d.handoff,
    length: { unit: d.unit, count: /^\d+$/.test(d.count) ? Number(d.count) : d.count },
    restriction: restricted ? { ...(d.weekdays.length ? { weekdays: d.weekdays } : {}), ...(d.hoursOn ? { hours: { from: d.from, to: d.to } } : {}) } : null,
  };
}

/** A datetime-local value ("yyyy-mm-ddTHH:MM") in the zone as epoch seconds; NaN when empty or invalid. */
export function localInputToEpoch(value: string, zone: string): number {
  const d = DateTime.fromISO(value, { zone });
  return value && d.isValid ? Math.floor(d.toSeconds()) : Number.NaN;
}

/** An instant as the zone's "Thu 5 Nov 09:00". */
export const zonedLabel = (at: number, zone: string) => DateTime.fromSeconds(at, { zone }).setLocale('en-GB').toFormat('ccc d LLL HH:mm');

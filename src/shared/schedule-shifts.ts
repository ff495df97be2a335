import { DateTime } from 'luxon';
import type { Rotation, RotationRestriction, Shift, Weekday } from './schedules';
import { WEEKDAYS } from './schedules';

/**
 * Who is on call when, from a schedule's rotations and overrides. Pure: the same answer for the API,
 * the dashboard's calendar and the escalation walk. All times are epoch seconds, intervals [start, end).
 *
 * Hand-offs happen at the rotation's wall time in the schedule's zone, computed on calendar dates, so
 * a daylight-saving change moves no hand-off: a weekly turn over the change lasts 167 or 169 hours.
 * A wall time that does not exist (skipped by a spring-forward change) moves forward by the gap; one
 * that happens twice (autumn) is its first occurrence (luxon's choice).
 */

/** What resolution reads of a schedule. */
export interface ScheduleLayers {
  time_zone: string;
  rotations: Rotation[];
  /** Later overrides win over earlier ones where they overlap. */
  overrides: { user_id: number; start: number; end: number }[];
}

interface Piece {
  user: number;
  start: number;
  end: number;
  /** Higher wins. */
  rank: number;
  layer: number | 'override';
}

const DAY = 86400;

/** A calendar date as a UTC midnight, so adding days is calendar arithmetic whatever the zone does. */
type CalendarDate = DateTime;

const localDate = (at: number, zone: string): CalendarDate => {
  const l = DateTime.fromSeconds(at, { zone });
  return DateTime.utc(l.year, l.month, l.day);
};

/** The instant of wall time "HH:MM" on a calendar date in the zone. */
function wallAt(date: CalendarDate, hhmm: string, zone: string): number {
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  return Math.floor(DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone }).toSeconds());
}

/** The turns of one rotation over [from, to), clipped to the range; nobody before the rotation's start. */
export function rotationTurns(rot: Rotation, zone: string, from: number, to: number): { user: number; start: number; end: number }[] {
  if (to <= rot.start || to <= from || rot.users.length === 0) return [];
  const stepDays = rot.length.count * (rot.length.unit === 'week' ? 7 : 1);
  const first = localDate(rot.start, zone);
  // Turn k is [boundary(k), boundary(k + 1)); the first turn begins at start and ends at the
  // hand-off time `length` after start's local date.
  const boundary = (k: number) => (k === 0 ? rot.start : wallAt(first.plus({ days: k * stepDays }), rot.handoff_time, zone));
  // Two turns of margin below the estimate: a hand-off may sit up to a day (plus a DST hour) after start's date.
  let k = Math.max(0, Math.floor((from - rot.start) / (stepDays * DAY)) - 2);
  while (boundary(k + 1) <= from) k++;
  const out: { user: number; start: number; end: number }[] = [];
  for (let s = boundary(k); s < to; k++) {
    const e = boundary(k + 1);
    out.push({ user: rot.users[k % rot.users.length]!, start: Math.max(s, from), end: Math.min(e, to) });
    s = e;
  }
  return out;
}

const weekdayOf = (d: CalendarDate): Weekday => WEEKDAYS[d.weekday - 1]!;

/** The windows of [from, to) during which a restricted layer applies, sorted and merged. */
export function restrictionWindows(r: RotationRestriction, zone: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  // A window opening the day before `from` may still be open (hours crossing midnight).
  const last = localDate(to, zone);
  for (let d = localDate(from, zone).minus({ days: 1 }); d <= last; d = d.plus({ days: 1 })) {
    if (r.weekdays && !r.weekdays.includes(weekdayOf(d))) continue;
    const open = r.hours ? wallAt(d, r.hours.from, zone) : wallAt(d, '00:00', zone);
    const close = r.hours
      ? wallAt(r.hours.to <= r.hours.from ? d.plus({ days: 1 }) : d, r.hours.to, zone)
      : wallAt(d.plus({ days: 1 }), '00:00', zone);
    const a = Math.max(open, from);
    const b = Math.min(close, to);
    if (a >= b) continue;
    const prev = out[out.length - 1];
    if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
    else out.push([a, b]);
  }
  return out;
}

function layerPieces(s: ScheduleLayers, from: number, to: number): Piece[] {
  const pieces: Piece[] = [];
  s.rotations.forEach((rot, i) => {
    const turns = rotationTurns(rot, s.time_zone, from, to);
    if (!rot.restriction) {
      for (const t of turns) pieces.push({ ...t, rank: i, layer: i });
      return;
    }
    const windows = restrictionWindows(rot.restriction, s.time_zone, from, to);
    for (const t of turns) {
      for (const [a, b] of windows) {
        const start = Math.max(a, t.start);
        const end = Math.min(b, t.end);
        if (start < end) pieces.push({ user: t.user, start, end, rank: i, layer: i });
      }
    }
  });
  s.overrides.forEach((o, j) => {
    const start = Math.max(o.start, from);
    const end = Math.min(o.end, to);
    if (start < end) pieces.push({ user: o.user_id, start, end, rank: s.rotations.length + j, layer: 'override' });
  });
  return pieces;
}

/**
 * The final shifts of [start, end): for every instant the override made last, else the last rotation
 * covering it, else nobody (no shift). Adjacent pieces of the same user from the same layer are one
 * shift. Shifts are clipped to the range.
 */
export function resolveShifts(s: ScheduleLayers, start: number, end: number): Shift[] {
  if (end <= start) return [];
  const pieces = layerPieces(s, start, end);
  const cuts = [...new Set(pieces.flatMap((p) => [p.start, p.end]))].sort((a, b) => a - b);
  const out: Shift[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i]!;
    const b = cuts[i + 1]!;
    let top: Piece | null = null;
    for (const p of pieces) if (p.start <= a && p.end >= b && (!top || p.rank > top.rank)) top = p;
    if (!top) continue;
    const prev = out[out.length - 1];
    if (prev && prev.end === a && prev.user_id === top.user && prev.layer === top.layer) prev.end = b;
    else out.push({ user_id: top.user, start: a, end: b, layer: top.layer });
  }
  return out;
}

/** The user ids on call at an instant (empty when nobody is). */
export function onCallAt(s: ScheduleLayers, at: number): number[] {
  return resolveShifts(s, at, at + 1).map((x) => x.user_id);
}

/**
 * The shift running at `at`, its end looked for up to `horizon` seconds ahead (an end at the horizon
 * means "at least until then"); null when nobody is on call.
 */
export function shiftAt(s: ScheduleLayers, at: number, horizon: number): Shift | null {
  const first = resolveShifts(s, at, at + horizon)[0];
  return first && first.start === at ? first : null;
}

import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { activeAt } from '../../../shared/maintenance-occurrences';
import { formatUtcSeconds, parseUtcMinute } from '../../../shared/utc-time';
import type { MaintenanceWindowFormInput } from '../../api/maintenance-windows';
import { browserTimeZone } from '../../lib/zoned-time';
import { repeatsOf, ruleOf, type RepeatValues } from './repeat-rule';

/** `yyyy-mm-dd hh:mm` UTC of epoch seconds, as the form takes it. */
export const utcMinute = (t: number) => formatUtcSeconds(t).slice(0, 16);

/** The form's values: start and end as UTC minutes (picked in the time zone), the scope, the recurrence. */
export interface MaintenanceFormValues extends RepeatValues {
  start: string;
  /** A one-off window's end; a recurring window's until (blank: none). */
  end: string;
  reason: string;
  servers: number[];
  serverTags: number[];
  serverSets: number[];
  /** Minutes each occurrence lasts, as typed. */
  duration: string;
  /** The zone times are picked in and the rule runs in: the browser's for a new or one-off window. */
  timeZone: string;
}

/** The form's values for a window, or for a new one: the next whole hour, an hour long. */
export function windowFormOf(w: MaintenanceWindow | undefined, nowMs: number, zone = browserTimeZone()): MaintenanceFormValues {
  if (w) {
    return {
      start: utcMinute(w.start),
      end: w.end === null ? '' : utcMinute(w.end),
      reason: w.reason,
      servers: w.servers,
      serverTags: w.server_tags,
      serverSets: w.server_sets,
      ...repeatsOf(w.rrule),
      duration: String(w.duration ?? 60),
      timeZone: w.rrule ? w.time_zone : zone,
    };
  }
  const next = Math.ceil(nowMs / 3_600_000) * 3600;
  return { start: utcMinute(next), end: utcMinute(next + 3600), reason: '', servers: [], serverTags: [], serverSets: [], repeats: 'none', days: [], custom: '', duration: '60', timeZone: zone };
}

/** A UTC minute as epoch digits, the API reading text in the window's zone; what is not a minute goes as typed. */
const instant = (utc: string) => {
  const t = parseUtcMinute(utc.trim());
  return t === null ? utc.trim() : String(t);
};

/**
 * What is sent: a one-off window as the spec has it (UTC minutes); a recurring one with its rule,
 * duration and zone, its times as epoch seconds. Tags and sets only when chosen.
 */
export function windowInput(v: MaintenanceFormValues): MaintenanceWindowFormInput {
  const scope = { ...(v.serverTags.length ? { server_tags: v.serverTags } : {}), ...(v.serverSets.length ? { server_sets: v.serverSets } : {}) };
  const rrule = ruleOf(v);
  if (rrule === undefined) return { start: v.start.trim(), end: v.end.trim(), reason: v.reason, servers: v.servers, ...scope };
  return {
    start: instant(v.start),
    ...(v.end.trim() ? { end: instant(v.end) } : {}),
    reason: v.reason,
    servers: v.servers,
    ...scope,
    rrule,
    duration: v.duration.trim(),
    time_zone: v.timeZone.trim(),
  };
}

/** Where a window stands: ended, in progress, recurring (between occurrences), or yet to start. */
export function windowState(w: Pick<MaintenanceWindow, 'started' | 'ended' | 'start' | 'end' | 'rrule' | 'duration' | 'time_zone'>, nowMs = Date.now()): string {
  if (w.ended) return 'Ended';
  if (!w.rrule) return w.started ? 'In progress' : 'Scheduled';
  return activeAt({ start: w.start, end: w.end, rrule: w.rrule, duration: w.duration, timeZone: w.time_zone }, Math.floor(nowMs / 1000)) ? 'In progress' : 'Recurring';
}

import { nextOccurrences, type Occurrence } from '../../../shared/maintenance-occurrences';
import { checkRrule } from '../../../shared/rrule-text';
import { everOccurs } from '../../../shared/rrule-window';
import { canonicalZone, epochToWall } from '../../../shared/time-zones';
import { parseUtcMinute } from '../../../shared/utc-time';

/** How the form writes a recurrence: not at all, a preset, or a raw RRULE. */
export type Repeats = 'none' | 'daily' | 'weekly' | 'monthly' | 'custom';

export const WEEKDAYS = [
  ['MO', 'Mon'],
  ['TU', 'Tue'],
  ['WE', 'Wed'],
  ['TH', 'Thu'],
  ['FR', 'Fri'],
  ['SA', 'Sat'],
  ['SU', 'Sun'],
] as const;

export interface RepeatValues {
  repeats: Repeats;
  /** Weekly: the days (MO..SU); none chosen repeats on the start's weekday. */
  days: string[];
  /** Custom: the RRULE as typed. */
  custom: string;
}

/** The RRULE the choices make, or undefined for a one-off window. */
export function ruleOf(v: RepeatValues): string | undefined {
  switch (v.repeats) {
    case 'none':
      return undefined;
    case 'daily':
      return 'FREQ=DAILY';
    case 'monthly':
      return 'FREQ=MONTHLY';
    case 'weekly': {
      const days = WEEKDAYS.map(([d]) => d).filter((d) => v.days.includes(d));
      return days.length ? `FREQ=WEEKLY;BYDAY=${days.join(',')}` : 'FREQ=WEEKLY';
    }
    case 'custom':
      return v.custom.trim();
  }
}

/** The choices that write a stored rule again: a preset when it is one, else the raw rule. */
export function repeatsOf(rrule: string | null): RepeatValues {
  if (!rrule) return { repeats: 'none', days: [], custom: '' };
  if (rrule === 'FREQ=DAILY') return { repeats: 'daily', days: [], custom: rrule };
  if (rrule === 'FREQ=MONTHLY') return { repeats: 'monthly', days: [], custom: rrule };
  const weekly = /^FREQ=WEEKLY(?:;BYDAY=((?:MO|TU|WE|TH|FR|SA|SU)(?:,(?:MO|TU|WE|TH|FR|SA|SU))*))?$/.exec(rrule);
  if (weekly) return { repeats: 'weekly', days: weekly[1]?.split(',') ?? [], custom: rrule };
  return { repeats: 'custom', days: [], custom: rrule };
}

/**
 * The next `n` occurrences the form's values describe (start and until as UTC minutes), or [] while
 * they do not make a valid recurring window yet.
 */
export function previewOccurrences(v: RepeatValues & { start: string; end: string; duration: string; timeZone: string }, now: number, n = 5): Occurrence[] {
  const text = ruleOf(v);
  const rule = text === undefined ? null : checkRrule(text);
  const start = parseUtcMinute(v.start.trim());
  const end = v.end.trim() ? parseUtcMinute(v.end.trim()) : null;
  const duration = Number(v.duration);
  const zone = canonicalZone(v.timeZone.trim());
  if (!rule || 'error' in rule || start === null || !zone || !Number.isInteger(duration) || duration < 1) return [];
  // A rule no date satisfies would have rrule walk to the year 9999 looking for one.
  if (!everOccurs(rule.rule, epochToWall(start, zone))) return [];
  return nextOccurrences({ start, end, rrule: rule.rule, duration, timeZone: zone }, Math.max(now, start), n);
}

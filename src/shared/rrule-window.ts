import { RRule, type RRuleOptions } from './rrule-lib';

/**
 * rrule expands a rule from its DTSTART, period by period, until the answer is complete: asking about
 * this minute of a daily rule started years ago walks every day since, and a rule no date can satisfy
 * (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) walks every period to the year 9999. So a rule is expanded
 * from a DTSTART moved forward by whole periods to just before the range asked (the same occurrences:
 * defaults that came from DTSTART are pinned first), and rules that never occur are refused up front.
 * Wall times here are epoch seconds whose UTC fields are the local fields.
 */

const SECONDS = { [RRule.HOURLY]: 3600, [RRule.DAILY]: 86_400, [RRule.WEEKLY]: 7 * 86_400 } as Record<number, number>;
/** Shifts are rounded to this many periods, so one built rule serves many nearby questions. */
const STEP = 32;

const cache = new Map<string, RRule>();


/** Options of the rule with the defaults rrule would take from `dtstart` written out (RFC 5545 3.3.10). */
function pinned(opts: Partial<RRuleOptions>, dtstart: Date): Partial<RRuleOptions> {
  const chosen = opts.byweekno || opts.byyearday || opts.bymonthday || opts.byweekday;
  if (chosen) return opts;
  if (opts.freq === RRule.YEARLY) return { ...opts, bymonth: opts.bymonth ?? dtstart.getUTCMonth() + 1, bymonthday: dtstart.getUTCDate() };
  if (opts.freq === RRule.MONTHLY) return { ...opts, bymonthday: dtstart.getUTCDate() };
  return opts;
}

/** DTSTART moved forward by whole periods (a multiple of STEP) to before `wall`; unchanged with COUNT. */
function shiftedStart(opts: Partial<RRuleOptions>, dtstart: number, wall: number): number {
  if (opts.count || wall <= dtstart) return dtstart;
  const interval = opts.interval ?? 1;
  const fixed = SECONDS[opts.freq ?? RRule.DAILY];
  if (fixed) {
    const k = Math.floor((wall - dtstart) / (fixed * interval) / STEP - 1) * STEP;
    return k > 0 ? dtstart + k * fixed * interval : dtstart;
  }
  const d = new Date(dtstart * 1000);
  const w = new Date(wall * 1000);
  const monthly = opts.freq === RRule.MONTHLY;
  const units = monthly ? (w.getUTCFullYear() - d.getUTCFullYear()) * 12 + w.getUTCMonth() - d.getUTCMonth() : w.getUTCFullYear() - d.getUTCFullYear();
  const k = Math.floor(units / interval / STEP - 1) * STEP * interval;
  if (k <= 0) return dtstart;
  const [y, m] = monthly ? [d.getUTCFullYear(), d.getUTCMonth() + k] : [d.getUTCFullYear() + k, 0];
  return Date.UTC(y, m, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

const built = (opts: Partial<RRuleOptions>, dtstart: number, start: number) =>
  new RRule({ ...pinned(opts, new Date(dtstart * 1000)), dtstart: new Date(start * 1000) });

function cached<T>(key: string, make: () => T, store: Map<string, T>): T {
  let v = store.get(key);
  if (v === undefined) {
    if (store.size >= 500) store.clear();
    v = make();
    store.set(key, v);
  }
  return v;
}

const counted = new Map<string, number[]>();

/**
 * Calls `each` with the rule's wall times in [lo, hi], oldest first, until it answers false. A rule
 * with COUNT cannot be moved (the count runs from DTSTART): its few dates are listed once and kept.
 */
export function eachWallBetween(rrule: string, dtstart: number, lo: number, hi: number, each: (wall: number) => boolean): void {
  const opts = RRule.parseString(rrule);
  if (opts.count) {
    const all = cached(`${rrule}\n${dtstart}`, () => built(opts, dtstart, dtstart).all().map((d) => d.getTime() / 1000), counted);
    for (const wall of all) if (wall >= lo && wall <= hi && !each(wall)) return;
    return;
  }
  const start = shiftedStart(opts, dtstart, lo);
  const rule = cached(`${rrule}\n${dtstart}\n${start}`, () => built(opts, dtstart, start), cache);
  rule.between(new Date(lo * 1000), new Date(hi * 1000), true, (d) => each(d.getTime() / 1000));
}

const FAR = Date.UTC(9960, 0, 1) / 1000;

/**
 * Whether a checked rule can occur at all: its BY parts (without COUNT and UNTIL) expanded from a
 * DTSTART moved to the 9960s, so that rrule stops at its last year (9999) when no date satisfies
 * them. Four decades hold every case a rule can ask for (leap days, 53-week years).
 */
export function everOccurs(rrule: string, dtstart: number): boolean {
  const { count: _c, until: _u, ...opts } = RRule.parseString(rrule);
  const start = shiftedStart(opts, dtstart, FAR);
  return built(opts, dtstart, start).after(new Date(start * 1000), true) !== null;
}

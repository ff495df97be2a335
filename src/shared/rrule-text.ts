/**
 * Strict reading of an RFC 5545 RRULE value. The `rrule` package accepts nonsense quietly (an unknown
 * weekday, INTERVAL=abc, no FREQ), so a rule is checked here part by part first, and every refusal
 * names what is wrong. Seconds are not kept (the service works in minutes); DTSTART and TZID come from
 * the window's start and time_zone, not from the rule.
 */

const DAY = '(MO|TU|WE|TH|FR|SA|SU)';
const nums = (min: number, max: number, signed = false) => (v: string) =>
  v.split(',').every((p) => {
    if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,3}$/).test(p)) return false;
    const n = Math.abs(Number(p));
    return n >= (signed ? 1 : min) && n <= max;
  });

const PARTS: Record<string, (v: string) => boolean> = {
  FREQ: (v) => /^(HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)$/.test(v),
  INTERVAL: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1,
  COUNT: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1,
  UNTIL: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v),
  BYMINUTE: nums(0, 59),
  BYHOUR: nums(0, 23),
  BYDAY: (v) => v.split(',').every((p) => new RegExp(`^([+-]?([1-9]|[1-4]\\d|5[0-3]))?${DAY}$`).test(p)),
  BYMONTHDAY: nums(1, 31, true),
  BYYEARDAY: nums(1, 366, true),
  BYWEEKNO: nums(1, 53, true),
  BYMONTH: nums(1, 12),
  BYSETPOS: nums(1, 366, true),
  WKST: (v) => new RegExp(`^${DAY}$`).test(v),
};

/** The rule without an `RRULE:` prefix and in upper case, or why it is not a rule we take. */
export function checkRrule(text: string): { rule: string } | { error: string } {
  const given = text.trim().replace(/^RRULE:/i, '');
  const rule = given.toUpperCase();
  if (!rule) return { error: 'rrule must not be empty' };
  if (rule.length > 500) return { error: 'rrule must be at most 500 characters' };
  const seen = new Set<string>();
  for (const part of given.split(';')) {
    const [key = '', value, extra] = part.toUpperCase().split('=');
    const check = PARTS[key];
    if (!check) return { error: `rrule: unknown or unsupported part "${key}" (FREQ, INTERVAL, COUNT, UNTIL and BY... parts are taken)` };
    if (value === undefined || extra !== undefined || !check(value)) return { error: `rrule: "${part}" is not a valid ${key}` };
    if (seen.has(key)) return { error: `rrule: ${key} is given twice` };
    seen.add(key);
  }
  if (!seen.has('FREQ')) return { error: 'rrule must give FREQ (HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)' };
  if (seen.has('COUNT') && seen.has('UNTIL')) return { error: 'rrule must not give both COUNT and UNTIL' };
  return { rule };
}

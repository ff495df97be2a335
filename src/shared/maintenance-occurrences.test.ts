import { describe, expect, it } from 'vitest';
import { activeAt, nextOccurrences, occurrencesBetween, type Recurrence } from './maintenance-occurrences';
import { checkRrule } from './rrule-text';
import { canonicalZone, wallToEpoch, zoneOffset } from './time-zones';

const z = (iso: string) => Date.parse(iso) / 1000;
const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 16);
const weekly = (start: string, timeZone: string, extra: Partial<Recurrence> = {}): Recurrence => ({
  start: z(start),
  end: null,
  rrule: 'FREQ=WEEKLY;BYDAY=SU',
  duration: 60,
  timeZone,
  ...extra,
});

describe('time zones', () => {
  it('knows IANA zones and refuses others', () => {
    expect(canonicalZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('UTC')).toBe('UTC');
    expect(canonicalZone('Mars/Olympus')).toBeNull();
    expect(canonicalZone('')).toBeNull();
  });

  it('gives offsets either side of a change', () => {
    expect(zoneOffset(z('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(3600);
    expect(zoneOffset(z('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(7200);
  });

  it('reads a skipped wall time with the offset before the gap and a repeated one as its first', () => {
    expect(iso(wallToEpoch(z('2026-03-29T02:30:00Z'), 'Europe/Berlin'))).toBe('2026-03-29T01:30');
    expect(iso(wallToEpoch(z('2026-10-25T02:30:00Z'), 'Europe/Berlin'))).toBe('2026-10-25T00:30');
    expect(iso(wallToEpoch(z('2026-07-01T12:00:00Z'), 'America/New_York'))).toBe('2026-07-01T16:00');
  });
});

describe('maintenance occurrences', () => {
  it('keeps a weekly 02:30 Berlin window at 02:30 local across the March change (03:30 on the night 02:30 does not exist)', () => {
    const w = weekly('2026-03-22T01:30:00Z', 'Europe/Berlin');
    const got = occurrencesBetween(w, z('2026-03-20T00:00:00Z'), z('2026-04-06T00:00:00Z'));
    expect(got.map((o) => iso(o.start))).toEqual(['2026-03-22T01:30', '2026-03-29T01:30', '2026-04-05T00:30']);
    expect(got[0]!.end - got[0]!.start).toBe(3600);
  });

  it('takes the first 02:30 on the October night it occurs twice', () => {
    const w = weekly('2026-10-18T00:30:00Z', 'Europe/Berlin');
    const got = occurrencesBetween(w, z('2026-10-18T00:00:00Z'), z('2026-11-02T00:00:00Z'));
    expect(got.map((o) => iso(o.start))).toEqual(['2026-10-18T00:30', '2026-10-25T00:30', '2026-11-01T01:30']);
  });

  it('keeps a daily 09:00 New York window at 09:00 local through both changes', () => {
    const w: Recurrence = { start: z('2026-03-06T14:00:00Z'), end: null, rrule: 'FREQ=DAILY', duration: 30, timeZone: 'America/New_York' };
    const march = occurrencesBetween(w, z('2026-03-06T00:00:00Z'), z('2026-03-10T00:00:00Z'));
    expect(march.map((o) => iso(o.start))).toEqual(['2026-03-06T14:00', '2026-03-07T14:00', '2026-03-08T13:00', '2026-03-09T13:00']);
    const november = occurrencesBetween(w, z('2026-10-31T00:00:00Z'), z('2026-11-03T00:00:00Z'));
    expect(november.map((o) => iso(o.start))).toEqual(['2026-10-31T13:00', '2026-11-01T14:00', '2026-11-02T14:00']);
  });

  it('answers whether an instant is covered, the end excluded', () => {
    const w = weekly('2026-03-22T01:30:00Z', 'Europe/Berlin');
    expect(activeAt(w, z('2026-04-05T00:30:00Z'))).toBe(true);
    expect(activeAt(w, z('2026-04-05T01:29:59Z'))).toBe(true);
    expect(activeAt(w, z('2026-04-05T01:30:00Z'))).toBe(false);
    expect(activeAt(w, z('2026-04-05T00:29:59Z'))).toBe(false);
    expect(activeAt(w, z('2026-03-15T01:30:00Z'))).toBe(false);
  });

  it('stops at until, at COUNT and at the limit', () => {
    const until = weekly('2026-03-22T01:30:00Z', 'Europe/Berlin', { end: z('2026-04-05T00:30:00Z') });
    expect(occurrencesBetween(until, z('2026-03-01T00:00:00Z'), z('2026-05-01T00:00:00Z'))).toHaveLength(2);
    const counted = weekly('2026-03-22T01:30:00Z', 'Europe/Berlin', { rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3' });
    expect(occurrencesBetween(counted, z('2026-03-01T00:00:00Z'), z('2027-01-01T00:00:00Z'))).toHaveLength(3);
    expect(nextOccurrences(weekly('2026-03-22T01:30:00Z', 'UTC'), z('2026-03-23T00:00:00Z'), 5).map((o) => iso(o.start))).toEqual([
      '2026-03-29T01:30',
      '2026-04-05T01:30',
      '2026-04-12T01:30',
      '2026-04-19T01:30',
      '2026-04-26T01:30',
    ]);
  });

  it('includes an occurrence that started before the range and still runs', () => {
    const w = weekly('2026-03-22T01:30:00Z', 'UTC', { duration: 120 });
    expect(occurrencesBetween(w, z('2026-03-29T02:00:00Z'), z('2026-03-29T02:10:00Z'))).toEqual([{ start: z('2026-03-29T01:30:00Z'), end: z('2026-03-29T03:30:00Z') }]);
  });

  it('treats a one-off window as its single occurrence', () => {
    const w: Recurrence = { start: 1000, end: 2000, rrule: null, duration: null, timeZone: 'UTC' };
    expect(occurrencesBetween(w, 0, 5000)).toEqual([{ start: 1000, end: 2000 }]);
    expect(occurrencesBetween(w, 2000, 5000)).toEqual([]);
    expect(activeAt(w, 1999)).toBe(true);
  });
});

describe('checkRrule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=SU', 'FREQ=WEEKLY;BYDAY=SU'],
    ['RRULE:freq=monthly;bymonthday=-1', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['FREQ=MONTHLY;BYDAY=1SA;INTERVAL=2', 'FREQ=MONTHLY;BYDAY=1SA;INTERVAL=2'],
  ])('takes %s', (text, rule) => expect(checkRrule(text)).toEqual({ rule }));

  it.each([
    ['', 'rrule must not be empty'],
    ['FREQ=SOMETIMES', 'rrule: "FREQ=SOMETIMES" is not a valid FREQ'],
    ['FREQ=MINUTELY', 'rrule: "FREQ=MINUTELY" is not a valid FREQ'],
    ['FREQ=WEEKLY;BYDAY=XX', 'rrule: "BYDAY=XX" is not a valid BYDAY'],
    ['FREQ=WEEKLY;INTERVAL=abc', 'rrule: "INTERVAL=abc" is not a valid INTERVAL'],
    ['FREQ=WEEKLY;INTERVAL=0', 'rrule: "INTERVAL=0" is not a valid INTERVAL'],
    ['BYDAY=MO', 'rrule must give FREQ (HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)'],
    ['FREQ=DAILY;FOO=1', 'rrule: unknown or unsupported part "FOO" (FREQ, INTERVAL, COUNT, UNTIL and BY... parts are taken)'],
    ['FREQ=DAILY;COUNT=2;UNTIL=20270101', 'rrule must not give both COUNT and UNTIL'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'rrule: FREQ is given twice'],
    ['FREQ=DAILY;BYHOUR=24', 'rrule: "BYHOUR=24" is not a valid BYHOUR'],
  ])('refuses %j', (text, error) => expect(checkRrule(text)).toEqual({ error }));
});

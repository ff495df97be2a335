import { describe, expect, it } from 'vitest';
import { RRule } from './rrule-lib';
import { eachWallBetween, everOccurs } from './rrule-window';

const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const START = wall('2019-01-31T07:30:00');

/** The dates rrule gives when expanding from the true DTSTART, for comparison. */
function reference(rrule: string, lo: number, hi: number): number[] {
  const r = new RRule({ ...RRule.parseString(rrule), dtstart: new Date(START * 1000) });
  return r.between(new Date(lo * 1000), new Date(hi * 1000), true).map((d) => d.getTime() / 1000);
}

function walls(rrule: string, lo: number, hi: number): number[] {
  const out: number[] = [];
  eachWallBetween(rrule, START, lo, hi, (w) => out.push(w) > 0);
  return out;
}

describe('eachWallBetween', () => {
  it.each([
    'FREQ=HOURLY;INTERVAL=5',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=DAILY;BYDAY=MO,FR;BYHOUR=2,14',
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=WEEKLY;BYDAY=SU,WE;WKST=SU',
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;INTERVAL=5;BYDAY=-1FR',
    'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=YEARLY',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=DAILY;COUNT=40',
    'FREQ=WEEKLY;UNTIL=20270101T000000Z',
  ])('gives the dates of %s that expanding from DTSTART gives, years later', (rrule) => {
    const lo = wall('2026-02-20T00:00:00');
    const hi = wall('2032-03-10T00:00:00');
    expect(walls(rrule, lo, hi)).toEqual(reference(rrule, lo, hi));
  });

  it.each(['FREQ=YEARLY', 'FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29', 'FREQ=MONTHLY;INTERVAL=7', 'FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10'])(
    'gives the dates of %s a century later',
    (rrule) => {
      const lo = wall('2119-01-01T00:00:00');
      const hi = wall('2140-01-01T00:00:00');
      expect(walls(rrule, lo, hi)).toEqual(reference(rrule, lo, hi));
    },
  );

  it('stops when told to', () => {
    const got: number[] = [];
    eachWallBetween('FREQ=DAILY', START, START, START + 30 * 86_400, (w) => got.push(w) < 3);
    expect(got).toEqual([START, START + 86_400, START + 2 * 86_400]);
  });
});

describe('everOccurs', () => {
  it.each([
    ['FREQ=DAILY', true],
    ['FREQ=YEARLY;INTERVAL=9999', true],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', true],
    ['FREQ=YEARLY;BYWEEKNO=53', true],
    ['FREQ=DAILY;COUNT=1;BYMONTH=3', true],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', false],
    ['FREQ=HOURLY;BYSETPOS=366;BYDAY=MO', false],
    ['FREQ=MONTHLY;BYDAY=20MO', false],
  ])('%s: %s', (rrule, occurs) => expect(everOccurs(rrule, START)).toBe(occurs));
});

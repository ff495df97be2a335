import { describe, expect, it } from 'vitest';
import { onCallAt, resolveShifts, restrictionWindows, rotationTurns, shiftAt, type ScheduleLayers } from './schedule-shifts';
import type { Rotation } from './schedules';

const t = (iso: string) => Date.parse(iso) / 1000;
const H = 3600;
const A = 1;
const B = 2;
const C = 3;

const weekly = (start: string, users: number[], extra: Partial<Rotation> = {}): Rotation => ({
  name: '',
  users,
  start: t(start),
  handoff_time: '09:00',
  length: { unit: 'week', count: 1 },
  restriction: null,
  ...extra,
});
const schedule = (time_zone: string, rotations: Rotation[], overrides: ScheduleLayers['overrides'] = []): ScheduleLayers => ({
  time_zone,
  rotations,
  overrides,
});
const iso = (s: { start: number; end: number }) => [new Date(s.start * 1000).toISOString(), new Date(s.end * 1000).toISOString()];

describe('weekly hand-offs across daylight-saving changes', () => {
  it('Europe/Berlin, spring forward: Monday 09:00 local before and after, so the turn is 167 hours', () => {
    // Monday 2026-03-16 09:00 CET = 08:00Z; the change is Sunday 2026-03-29.
    const s = schedule('Europe/Berlin', [weekly('2026-03-16T08:00:00Z', [A, B, C])]);
    const shifts = resolveShifts(s, t('2026-03-16T00:00:00Z'), t('2026-04-07T00:00:00Z'));
    expect(shifts.map((x) => [x.user_id, ...iso(x)])).toEqual([
      [A, '2026-03-16T08:00:00.000Z', '2026-03-23T08:00:00.000Z'],
      [B, '2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z'],
      [C, '2026-03-30T07:00:00.000Z', '2026-04-06T07:00:00.000Z'],
      [A, '2026-04-06T07:00:00.000Z', '2026-04-07T00:00:00.000Z'],
    ]);
    expect(shifts[1]!.end - shifts[1]!.start).toBe(167 * H);
    expect(onCallAt(s, t('2026-03-30T06:59:59Z'))).toEqual([B]);
    expect(onCallAt(s, t('2026-03-30T07:00:00Z'))).toEqual([C]);
  });

  it('Europe/Berlin, fall back: the turn over the change is 169 hours', () => {
    // Monday 2026-10-19 09:00 CEST = 07:00Z; the change is Sunday 2026-10-25.
    const s = schedule('Europe/Berlin', [weekly('2026-10-19T07:00:00Z', [A, B])]);
    const [first, second] = resolveShifts(s, t('2026-10-19T07:00:00Z'), t('2026-11-03T00:00:00Z'));
    expect(iso(first!)).toEqual(['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
    expect(first!.end - first!.start).toBe(169 * H);
    expect(second).toMatchObject({ user_id: B, start: t('2026-10-26T08:00:00Z'), end: t('2026-11-02T08:00:00Z') });
  });

  it('America/New_York, spring forward (167 h) and fall back (169 h)', () => {
    // 2026-03-02 09:00 EST = 14:00Z; DST from Sunday 2026-03-08; back on Sunday 2026-11-01.
    const s = schedule('America/New_York', [weekly('2026-03-02T14:00:00Z', [A, B])]);
    const spring = resolveShifts(s, t('2026-03-02T14:00:00Z'), t('2026-03-10T00:00:00Z'));
    expect(iso(spring[0]!)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    expect(spring[0]!.end - spring[0]!.start).toBe(167 * H);
    // 2026-10-26 09:00 EDT = 13:00Z, 2026-11-02 09:00 EST = 14:00Z. Turn k since 03-02: 34 weeks, even: A.
    const autumn = resolveShifts(s, t('2026-10-26T13:00:00Z'), t('2026-11-03T00:00:00Z'));
    expect(autumn[0]).toMatchObject({ user_id: A, start: t('2026-10-26T13:00:00Z'), end: t('2026-11-02T14:00:00Z') });
    expect(autumn[0]!.end - autumn[0]!.start).toBe(169 * H);
    expect(onCallAt(s, t('2026-11-02T13:59:59Z'))).toEqual([A]);
    expect(onCallAt(s, t('2026-11-02T14:00:00Z'))).toEqual([B]);
  });

  it('daily hand-offs keep 09:00 local: the day of the change is 23 hours', () => {
    const rot = weekly('2026-03-27T08:00:00Z', [A, B], { length: { unit: 'day', count: 1 } });
    const turns = rotationTurns(rot, 'Europe/Berlin', t('2026-03-27T08:00:00Z'), t('2026-03-31T07:00:00Z'));
    expect(turns.map((x) => (x.end - x.start) / H)).toEqual([24, 23, 24, 24]);
    expect(turns.map((x) => x.user)).toEqual([A, B, A, B]);
  });

  it('a hand-off time skipped by the change moves forward by the gap', () => {
    // 02:30 does not exist in Berlin on 2026-03-29: 03:30 CEST (01:30Z).
    const rot = weekly('2026-03-28T01:30:00Z', [A, B], { handoff_time: '02:30', length: { unit: 'day', count: 1 } });
    const turns = rotationTurns(rot, 'Europe/Berlin', t('2026-03-28T00:00:00Z'), t('2026-03-30T12:00:00Z'));
    expect(turns.map(iso)).toEqual([
      ['2026-03-28T01:30:00.000Z', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z'],
      ['2026-03-30T00:30:00.000Z', '2026-03-30T12:00:00.000Z'],
    ]);
  });
});

describe('rotation turns', () => {
  it('N-day turns cycle the users in order, also asked a year after the start', () => {
    // Every 3 days at 09:00 UTC from 2026-01-01.
    const rot = weekly('2026-01-01T09:00:00Z', [A, B, C], { length: { unit: 'day', count: 3 } });
    const near = rotationTurns(rot, 'UTC', t('2026-01-01T00:00:00Z'), t('2026-01-10T09:00:00Z'));
    expect(near.map((x) => [x.user, (x.end - x.start) / H])).toEqual([[A, 72], [B, 72], [C, 72]]);
    // 2027-01-01 00:00 is 364 days 15 hours later: turn 121 began 2026-12-30 09:00, user 121 % 3 = 1 (B).
    expect(onCallAt(schedule('UTC', [rot]), t('2027-01-01T00:00:00Z'))).toEqual([B]);
    const far = rotationTurns(rot, 'UTC', t('2027-01-01T00:00:00Z'), t('2027-01-05T00:00:00Z'));
    expect(far.map((x) => [x.user, ...iso(x)])).toEqual([
      [B, '2027-01-01T00:00:00.000Z', '2027-01-02T09:00:00.000Z'],
      [C, '2027-01-02T09:00:00.000Z', '2027-01-05T00:00:00.000Z'],
    ]);
  });

  it('two-week turns', () => {
    const rot = weekly('2026-06-01T09:00:00Z', [A, B], { length: { unit: 'week', count: 2 } });
    expect(onCallAt(schedule('UTC', [rot]), t('2026-06-14T12:00:00Z'))).toEqual([A]);
    expect(onCallAt(schedule('UTC', [rot]), t('2026-06-15T09:00:00Z'))).toEqual([B]);
    expect(onCallAt(schedule('UTC', [rot]), t('2026-06-29T09:00:00Z'))).toEqual([A]);
  });

  it('a start in the future: nobody before it, the first user from it', () => {
    const s = schedule('Europe/Berlin', [weekly('2026-12-07T08:00:00Z', [A, B])]);
    expect(onCallAt(s, t('2026-12-07T07:59:59Z'))).toEqual([]);
    expect(onCallAt(s, t('2026-12-07T08:00:00Z'))).toEqual([A]);
    expect(resolveShifts(s, t('2026-12-01T00:00:00Z'), t('2026-12-06T00:00:00Z'))).toEqual([]);
    expect(resolveShifts(s, t('2026-12-01T00:00:00Z'), t('2026-12-08T00:00:00Z'))[0]!.start).toBe(t('2026-12-07T08:00:00Z'));
  });

  it('a start off the hand-off time: the first turn runs to the hand-off one length after its date', () => {
    // Monday 12:00 local start, hand-off 09:00: the first turn ends next Monday 09:00.
    const s = schedule('Europe/Berlin', [weekly('2026-11-02T11:00:00Z', [A, B])]);
    expect(shiftAt(s, t('2026-11-02T11:00:00Z'), 30 * 86400)).toEqual({
      user_id: A, start: t('2026-11-02T11:00:00Z'), end: t('2026-11-09T08:00:00Z'), layer: 0,
    });
  });

  it('one user on a daily rotation is one merged shift', () => {
    const s = schedule('UTC', [weekly('2026-05-01T09:00:00Z', [A], { length: { unit: 'day', count: 1 } })]);
    expect(resolveShifts(s, t('2026-05-02T00:00:00Z'), t('2026-05-07T00:00:00Z'))).toEqual([
      { user_id: A, start: t('2026-05-02T00:00:00Z'), end: t('2026-05-07T00:00:00Z'), layer: 0 },
    ]);
  });
});

describe('layers with restrictions', () => {
  // A and B alternate weekly, 24x7; C covers business hours Monday to Friday on top.
  const night = weekly('2026-11-02T08:00:00Z', [A, B]);
  const business = weekly('2026-11-02T08:00:00Z', [C], { restriction: { weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '09:00', to: '17:00' } } });
  const s = schedule('Europe/Berlin', [night, business]);

  it('the later layer wins inside its hours, the earlier one covers the rest', () => {
    expect(onCallAt(s, t('2026-11-03T09:00:00Z'))).toEqual([C]); // Tuesday 10:00 CET
    expect(onCallAt(s, t('2026-11-03T17:00:00Z'))).toEqual([A]); // Tuesday 18:00
    expect(onCallAt(s, t('2026-11-07T09:00:00Z'))).toEqual([A]); // Saturday 10:00
    expect(onCallAt(s, t('2026-11-10T09:00:00Z'))).toEqual([C]); // next Tuesday, B's week
    expect(onCallAt(s, t('2026-11-10T17:00:00Z'))).toEqual([B]);
    const tuesday = resolveShifts(s, t('2026-11-02T23:00:00Z'), t('2026-11-03T23:00:00Z'));
    expect(tuesday.map((x) => [x.user_id, x.layer, ...iso(x)])).toEqual([
      [A, 0, '2026-11-02T23:00:00.000Z', '2026-11-03T08:00:00.000Z'],
      [C, 1, '2026-11-03T08:00:00.000Z', '2026-11-03T16:00:00.000Z'],
      [A, 0, '2026-11-03T16:00:00.000Z', '2026-11-03T23:00:00.000Z'],
    ]);
  });

  it('a restricted layer alone leaves gaps where nobody is on call', () => {
    const only = schedule('Europe/Berlin', [business]);
    expect(onCallAt(only, t('2026-11-03T18:00:00Z'))).toEqual([]);
    expect(resolveShifts(only, t('2026-11-06T00:00:00Z'), t('2026-11-09T00:00:00Z'))).toEqual([
      { user_id: C, start: t('2026-11-06T08:00:00Z'), end: t('2026-11-06T16:00:00Z'), layer: 0 },
    ]);
  });

  it('hours crossing midnight open on the listed weekday and close the next morning', () => {
    const r = { weekdays: ['fri' as const], hours: { from: '22:00', to: '06:00' } };
    // Friday 2026-11-06 22:00 CET to Saturday 06:00 CET.
    expect(restrictionWindows(r, 'Europe/Berlin', t('2026-11-02T00:00:00Z'), t('2026-11-09T00:00:00Z'))).toEqual([
      [t('2026-11-06T21:00:00Z'), t('2026-11-07T05:00:00Z')],
    ]);
    const sat = schedule('Europe/Berlin', [weekly('2026-11-02T08:00:00Z', [C], { restriction: r })]);
    expect(onCallAt(sat, t('2026-11-07T02:00:00Z'))).toEqual([C]);
    expect(onCallAt(sat, t('2026-11-07T21:30:00Z'))).toEqual([]);
  });

  it('a window open before the range still counts', () => {
    const r = { hours: { from: '22:00', to: '06:00' } };
    expect(restrictionWindows(r, 'UTC', t('2026-11-07T02:00:00Z'), t('2026-11-07T12:00:00Z'))).toEqual([
      [t('2026-11-07T02:00:00Z'), t('2026-11-07T06:00:00Z')],
    ]);
  });

  it('weekdays alone cover whole local days', () => {
    const r = { weekdays: ['sat' as const, 'sun' as const] };
    expect(restrictionWindows(r, 'America/New_York', t('2026-11-02T05:00:00Z'), t('2026-11-10T00:00:00Z'))).toEqual([
      [t('2026-11-07T05:00:00Z'), t('2026-11-09T05:00:00Z')],
    ]);
  });
});

describe('overrides', () => {
  const s = (overrides: ScheduleLayers['overrides']) => schedule('UTC', [weekly('2026-11-02T09:00:00Z', [A, B])], overrides);

  it('an override splits a shift in three', () => {
    const shifts = resolveShifts(s([{ user_id: C, start: t('2026-11-04T12:00:00Z'), end: t('2026-11-04T18:00:00Z') }]), t('2026-11-03T00:00:00Z'), t('2026-11-06T00:00:00Z'));
    expect(shifts).toEqual([
      { user_id: A, start: t('2026-11-03T00:00:00Z'), end: t('2026-11-04T12:00:00Z'), layer: 0 },
      { user_id: C, start: t('2026-11-04T12:00:00Z'), end: t('2026-11-04T18:00:00Z'), layer: 'override' },
      { user_id: A, start: t('2026-11-04T18:00:00Z'), end: t('2026-11-06T00:00:00Z'), layer: 0 },
    ]);
  });

  it('the later of two overlapping overrides wins; an override covers time no rotation does', () => {
    const both = s([
      { user_id: B, start: t('2026-11-01T00:00:00Z'), end: t('2026-11-03T00:00:00Z') },
      { user_id: C, start: t('2026-11-02T12:00:00Z'), end: t('2026-11-02T13:00:00Z') },
    ]);
    expect(onCallAt(both, t('2026-11-01T06:00:00Z'))).toEqual([B]); // before the rotation starts
    expect(onCallAt(both, t('2026-11-02T12:30:00Z'))).toEqual([C]);
    expect(onCallAt(both, t('2026-11-02T13:00:00Z'))).toEqual([B]);
    expect(onCallAt(both, t('2026-11-03T00:00:00Z'))).toEqual([A]);
  });

  it('shiftAt tells until when the current person is on call', () => {
    const o = s([{ user_id: C, start: t('2026-11-04T12:00:00Z'), end: t('2026-11-04T18:00:00Z') }]);
    expect(shiftAt(o, t('2026-11-04T13:00:00Z'), 86400)).toMatchObject({ user_id: C, end: t('2026-11-04T18:00:00Z') });
    expect(shiftAt(o, t('2026-11-04T19:00:00Z'), 30 * 86400)).toMatchObject({ user_id: A, end: t('2026-11-09T09:00:00Z') });
    expect(shiftAt(schedule('UTC', []), t('2026-11-04T19:00:00Z'), 86400)).toBeNull();
  });
});

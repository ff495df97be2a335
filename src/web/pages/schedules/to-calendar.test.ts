import { describe, expect, it } from 'vitest';
import { calendarRange, toCalendar } from './to-calendar';

const t = (iso: string) => Date.parse(iso) / 1000;
const names = new Map([[1, 'Ada'], [2, 'Bob']]);

describe('calendarRange', () => {
  it('starts at the local midnight of today in the schedule zone', () => {
    // 2026-11-04 23:30Z is already Thursday 00:30 in Berlin.
    expect(calendarRange('Europe/Berlin', t('2026-11-04T23:30:00Z'), 14)).toEqual({ start: t('2026-11-04T23:00:00Z'), end: t('2026-11-18T23:00:00Z') });
  });
});

describe('toCalendar', () => {
  it('cuts shifts at midnights, names them, places them and marks today', () => {
    const shifts = [
      { user_id: 1, start: t('2026-11-02T08:00:00Z'), end: t('2026-11-05T08:00:00Z'), layer: 0 as const },
      { user_id: 2, start: t('2026-11-05T08:00:00Z'), end: t('2026-11-05T14:00:00Z'), layer: 'override' as const },
      { user_id: 1, start: t('2026-11-05T14:00:00Z'), end: t('2026-11-09T08:00:00Z'), layer: 0 as const },
    ];
    const days = toCalendar(shifts, names, 'Europe/Berlin', t('2026-11-04T10:00:00Z'), 2);
    expect(days.map((d) => [d.key, d.label, d.today])).toEqual([['2026-11-04', 'Wed 4 Nov', true], ['2026-11-05', 'Thu 5 Nov', false]]);
    expect(days[0]!.blocks).toEqual([expect.objectContaining({ name: 'Ada', from: '00:00', to: '24:00', left: 0, width: 100 })]);
    expect(days[1]!.blocks.map((b) => [b.name, b.from, b.to, b.layer])).toEqual([
      ['Ada', '00:00', '09:00', 0],
      ['Bob', '09:00', '15:00', 'override'],
      ['Ada', '15:00', '24:00', 0],
    ]);
    expect(days[1]!.blocks[1]!.left).toBeCloseTo(37.5);
    expect(days[1]!.blocks[1]!.width).toBeCloseTo(25);
  });

  it('sizes blocks by the real length of a daylight-saving day, and names a user it does not know', () => {
    // Sunday 2026-03-29 in Berlin is 23 hours long: 00:00 CET (23:00Z) to 00:00 CEST (22:00Z).
    const days = toCalendar([{ user_id: 7, start: t('2026-03-29T07:00:00Z'), end: t('2026-03-30T00:00:00Z'), layer: 0 }], names, 'Europe/Berlin', t('2026-03-29T12:00:00Z'), 1);
    expect(days[0]!.end - days[0]!.start).toBe(23 * 3600);
    expect(days[0]!.blocks[0]).toMatchObject({ name: 'user 7', from: '09:00', to: '24:00' });
    expect(days[0]!.blocks[0]!.left).toBeCloseTo((8 / 23) * 100);
  });

  it('leaves a day without anyone on call empty', () => {
    expect(toCalendar([], names, 'UTC', t('2026-11-04T10:00:00Z'), 3).map((d) => d.blocks.length)).toEqual([0, 0, 0]);
  });
});

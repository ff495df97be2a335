import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { previewOccurrences, repeatsOf, ruleOf } from './repeat-rule';
import { utcMinute, windowFormOf, windowInput, windowState, type MaintenanceFormValues } from './window-input';

const w: MaintenanceWindow = {
  id: 3,
  start: 1893492000,
  end: 1893499200,
  started: false,
  ended: false,
  reason: 'Kernel',
  servers: [1, 2],
  url: '',
  rrule: null,
  duration: null,
  time_zone: 'UTC',
  server_tags: [],
  server_sets: [],
};
const blank = { serverTags: [], serverSets: [], repeats: 'none', days: [], custom: '', duration: '60', timeZone: 'Europe/Berlin' } as const;
const form = (v: Partial<MaintenanceFormValues>): MaintenanceFormValues => ({ start: '2030-01-01 10:00', end: '2030-01-01 11:00', reason: '', servers: [], ...blank, days: [], serverTags: [], serverSets: [], ...v });

describe('maintenance window input', () => {
  it('writes epoch seconds as a UTC minute', () => expect(utcMinute(1893492000)).toBe('2030-01-01 10:00'));

  it('fills the form from a one-off window, picking times in the browser zone', () => {
    expect(windowFormOf(w, 0, 'Europe/Berlin')).toEqual({ start: '2030-01-01 10:00', end: '2030-01-01 12:00', reason: 'Kernel', servers: [1, 2], ...blank });
  });

  it('fills the form from a recurring window in its own zone', () => {
    const r = { ...w, end: null, rrule: 'FREQ=WEEKLY;BYDAY=SA,SU', duration: 90, time_zone: 'Asia/Tokyo', server_tags: [4] };
    expect(windowFormOf(r, 0, 'Europe/Berlin')).toMatchObject({ end: '', repeats: 'weekly', days: ['SA', 'SU'], duration: '90', timeZone: 'Asia/Tokyo', serverTags: [4] });
  });

  it.each([
    [Date.UTC(2030, 0, 1, 9, 20), '2030-01-01 10:00', '2030-01-01 11:00'],
    [Date.UTC(2030, 0, 1, 10, 0), '2030-01-01 10:00', '2030-01-01 11:00'],
    [Date.UTC(2030, 0, 31, 23, 1), '2030-02-01 00:00', '2030-02-01 01:00'],
  ])('a new window at %i starts on the next whole hour', (now, start, end) => {
    expect(windowFormOf(undefined, now, 'Europe/Berlin')).toEqual({ start, end, reason: '', servers: [], ...blank });
  });

  it('sends a one-off window as the spec has it: times trimmed, the rest as typed', () => {
    expect(windowInput(form({ start: ' 2030-01-01 10:00 ', end: '2030-01-01 11:00\t', reason: ' why ', servers: [1] }))).toEqual({ start: '2030-01-01 10:00', end: '2030-01-01 11:00', reason: ' why ', servers: [1] });
  });

  it('sends a recurring window with its rule, duration, zone and scope, times as epoch seconds', () => {
    expect(windowInput(form({ end: '', repeats: 'weekly', days: ['SU', 'MO'], duration: ' 120 ', serverTags: [7] }))).toEqual({
      start: String(Date.UTC(2030, 0, 1, 10) / 1000),
      reason: '',
      servers: [],
      server_tags: [7],
      rrule: 'FREQ=WEEKLY;BYDAY=MO,SU',
      duration: '120',
      time_zone: 'Europe/Berlin',
    });
  });

  it.each([
    [false, false, 'Scheduled'],
    [true, false, 'In progress'],
    [true, true, 'Ended'],
  ])('started=%s ended=%s is %s', (started, ended, state) => expect(windowState({ ...w, started, ended })).toBe(state));

  it('tells a recurring window between occurrences from one running', () => {
    const r = { ...w, started: true, end: null, rrule: 'FREQ=DAILY', duration: 60 };
    expect(windowState(r, Date.UTC(2030, 0, 5, 10, 30))).toBe('In progress');
    expect(windowState(r, Date.UTC(2030, 0, 5, 12, 0))).toBe('Recurring');
  });
});

describe('repeat rules', () => {
  it.each([
    ['FREQ=DAILY', 'daily'],
    ['FREQ=MONTHLY', 'monthly'],
    ['FREQ=WEEKLY;BYDAY=TU', 'weekly'],
    ['FREQ=MONTHLY;BYDAY=1SA', 'custom'],
  ])('reads %s back as %s and writes it again', (rrule, repeats) => {
    const v = repeatsOf(rrule);
    expect(v.repeats).toBe(repeats);
    expect(ruleOf(v)).toBe(rrule);
  });

  it('previews the next five occurrences in the zone, or none for a broken rule', () => {
    // 2030-01-01 10:00 UTC is 11:00 in Berlin: the rule keeps 11:00 Berlin time.
    const got = previewOccurrences(form({ repeats: 'daily', end: '' }), Date.UTC(2030, 0, 1) / 1000);
    expect(got.map((o) => o.start)).toEqual([0, 1, 2, 3, 4].map((d) => Date.UTC(2030, 0, 1 + d, 10) / 1000));
    expect(previewOccurrences(form({ repeats: 'custom', custom: 'FREQ=SOON' }), 0)).toEqual([]);
    expect(previewOccurrences(form({ repeats: 'daily', duration: '0' }), 0)).toEqual([]);
    expect(previewOccurrences(form({ repeats: 'custom', custom: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }), 0)).toEqual([]);
  });
});

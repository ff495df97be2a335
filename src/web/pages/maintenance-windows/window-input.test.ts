import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { utcMinute, windowFormOf, windowInput, windowState } from './window-input';

const w: MaintenanceWindow = { id: 3, start: 1893492000, end: 1893499200, started: false, ended: false, reason: 'Kernel', servers: [1, 2], url: '' };

describe('maintenance window input', () => {
  it('writes epoch seconds as a UTC minute', () => expect(utcMinute(1893492000)).toBe('2030-01-01 10:00'));

  it('fills the form from a window', () => {
    expect(windowFormOf(w, 0)).toEqual({ start: '2030-01-01 10:00', end: '2030-01-01 12:00', reason: 'Kernel', servers: [1, 2] });
  });

  it.each([
    [Date.UTC(2030, 0, 1, 9, 20), '2030-01-01 10:00', '2030-01-01 11:00'],
    [Date.UTC(2030, 0, 1, 10, 0), '2030-01-01 10:00', '2030-01-01 11:00'],
    [Date.UTC(2030, 0, 31, 23, 1), '2030-02-01 00:00', '2030-02-01 01:00'],
  ])('a new window at %i starts on the next whole hour', (now, start, end) => {
    expect(windowFormOf(undefined, now)).toEqual({ start, end, reason: '', servers: [] });
  });

  it('sends the times trimmed, the rest as typed', () => {
    expect(windowInput({ start: ' 2030-01-01 10:00 ', end: '2030-01-01 11:00\t', reason: ' why ', servers: [1] })).toEqual({ start: '2030-01-01 10:00', end: '2030-01-01 11:00', reason: ' why ', servers: [1] });
  });

  it.each([
    [false, false, 'Scheduled'],
    [true, false, 'In progress'],
    [true, true, 'Ended'],
  ])('started=%s ended=%s is %s', (started, ended, state) => expect(windowState({ started, ended })).toBe(state));
});

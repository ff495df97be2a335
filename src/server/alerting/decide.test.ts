import { describe, expect, it } from 'vitest';
import type { SubjectState } from '../store/repos/alert-engine';
import { freshStates, judge, maintenanceCandidates, nextState } from './decide';

const M = 6_000_000;
const st = (subject: number, minute: number, holds: boolean, streak: number): SubjectState => ({ subject, minute, holds, streak, value: null });
const server = { type: 'Server', num_of_servers: 1, time_above_threshold: 3, interval: 10, in_incident: false };
const tag = { ...server, type: 'Server Tag', num_of_servers: 2 };

describe('nextState', () => {
  it.each([
    ['first holding minute starts a streak of 1', undefined, M, true, 1],
    ['the next minute extends it', st(1, M - 60, true, 2), M, true, 3],
    ['a gap of more than a minute restarts it', st(1, M - 120, true, 2), M, true, 1],
    ['a minute that does not hold ends it', st(1, M - 60, true, 5), M, false, 0],
  ])('%s', (_name, prev, minute, holds, streak) => {
    expect(nextState(prev, { subject: 1, minute, holds, value: 1 })?.streak).toBe(streak);
  });

  it('answers null for a replayed or late minute, so re-processing changes nothing', () => {
    expect(nextState(st(1, M, true, 4), { subject: 1, minute: M, holds: true, value: 1 })).toBeNull();
    expect(nextState(st(1, M, true, 4), { subject: 1, minute: M - 60, holds: true, value: 1 })).toBeNull();
  });

  it('lets the clock-driven Server Down give its own streak, also at the same minute', () => {
    expect(nextState(st(1, M, true, 2), { subject: 1, minute: M, holds: true, value: null }, { clockDriven: true, streak: 4 })?.streak).toBe(4);
    expect(nextState(st(1, M, true, 2), { subject: 1, minute: M, holds: false, value: null }, { clockDriven: true, streak: 4 })?.streak).toBe(0);
  });
});

describe('judge', () => {
  it('starts once the streak reaches time_above_threshold', () => {
    expect(judge(server, [st(1, M, true, 2)], new Set(), null, M)).toBe('none');
    expect(judge(server, [st(1, M, true, 3)], new Set(), null, M)).toBe('start');
  });

  it('does not start for a subject in maintenance, but an open incident still resolves', () => {
    expect(judge(server, [st(1, M, true, 9)], new Set([1]), null, M)).toBe('none');
    const open = { ...server, in_incident: true };
    expect(judge(open, [st(1, M, false, 0)], new Set([1]), { historyId: 1, started: M - 600, lastNotified: M - 600 }, M)).toBe('end');
  });

  it('reminds every interval minutes while firing', () => {
    const open = { ...server, in_incident: true };
    expect(judge(open, [st(1, M, true, 9)], new Set(), { historyId: 1, started: M - 540, lastNotified: M - 540 }, M)).toBe('none');
    expect(judge(open, [st(1, M, true, 9)], new Set(), { historyId: 1, started: M - 600, lastNotified: M - 600 }, M)).toBe('remind');
    expect(judge(open, [st(1, M, true, 9)], new Set([1]), { historyId: 1, started: M - 600, lastNotified: M - 600 }, M)).toBe('none');
  });

  it('does not remind of an acknowledged incident, and still ends it', () => {
    const open = { ...server, in_incident: true };
    const acked = { historyId: 1, started: M - 3600, lastNotified: M - 3600, acknowledged: true };
    expect(judge(open, [st(1, M, true, 9)], new Set(), acked, M)).toBe('none');
    expect(judge(open, [st(1, M, true, 9)], new Set(), { ...acked, acknowledged: false }, M)).toBe('remind');
    expect(judge(open, [st(1, M, false, 0)], new Set(), acked, M)).toBe('end');
  });

  it('counts num_of_servers subjects for a Server Tag alert', () => {
    expect(judge(tag, [st(1, M, true, 3), st(2, M, false, 0)], new Set(), null, M)).toBe('none');
    expect(judge(tag, [st(1, M, true, 3), st(2, M, true, 3)], new Set(), null, M)).toBe('start');
    expect(judge(tag, [st(1, M, true, 3), st(2, M, true, 3)], new Set([2]), null, M)).toBe('none');
    expect(judge({ ...tag, in_incident: true }, [st(1, M, true, 3), st(2, M, false, 0)], new Set(), null, M)).toBe('end');
  });
});

describe('freshStates and maintenanceCandidates', () => {
  it('drops subjects that stopped reporting and asks maintenance only when enough hold', () => {
    const fresh = freshStates([st(1, M - 600, true, 3), st(2, M - 60, true, 3)], st(3, M, true, 1), M);
    expect(fresh.map((s) => s.subject)).toEqual([2, 3]);
    expect(maintenanceCandidates(tag, fresh)).toEqual([2, 3]);
    expect(maintenanceCandidates(tag, [st(2, M, true, 1), st(3, M, false, 0)])).toEqual([]);
  });
});

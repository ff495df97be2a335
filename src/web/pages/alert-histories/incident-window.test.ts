import { describe, expect, it } from 'vitest';
import { incidentView, logSearch, viewSearch } from './incident-window';

const start = 1_700_000_130; // 22:15:30 UTC
const minute = 1_700_000_100;

describe('incidentView', () => {
  it.each([
    ['a CPU incident, long ago: an hour either side of its minute', 'CPU', start + 86400, { minute, from: minute - 3600, to: minute + 3600 }],
    ['a process termination: the minute before, when it last ran', 'Process Termination', start + 86400, { minute: minute - 60, from: minute - 3660, to: minute + 3600 }],
    ['a recent incident: up to now', 'CPU', start + 600, { minute, from: minute - 3600, to: minute + 600 }],
    ['an incident this minute: at least its minute', 'CPU', start, { minute, from: minute - 3600, to: minute + 60 }],
    ['an unknown alert', undefined, start + 86400, { minute, from: minute - 3600, to: minute + 3600 }],
  ])('%s', (_, trigger, now, want) => expect(incidentView(start, trigger, now)).toEqual(want));
});

describe('links', () => {
  const v = { minute, from: minute - 3600, to: minute + 3600 };
  it('carry the range and the minute', () => {
    expect(viewSearch(v)).toBe(`from=${minute - 3600}&to=${minute + 3600}&at=${minute}`);
    expect(viewSearch(v, false)).toBe(`from=${minute - 3600}&to=${minute + 3600}`);
    expect(logSearch(v)).toBe(`from=${minute - 300}&to=${minute + 360}`);
  });
});

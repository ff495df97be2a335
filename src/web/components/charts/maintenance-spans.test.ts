import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../../../shared/maintenance-windows';
import { bandsIn } from './chart-marks';
import { maintenanceSpans } from './maintenance-spans';

const z = (iso: string) => Date.parse(iso) / 1000;
const plain: MaintenanceWindow = {
  id: 1,
  start: z('2026-03-02T10:00:00Z'),
  end: z('2026-03-02T11:00:00Z'),
  started: false,
  ended: false,
  reason: 'one-off',
  servers: [5],
  url: '',
  rrule: null,
  duration: null,
  time_zone: 'UTC',
  server_tags: [],
  server_sets: [],
};
const daily: MaintenanceWindow = {
  ...plain,
  id: 2,
  start: z('2026-03-01T14:00:00Z'),
  end: null,
  reason: 'backup',
  servers: [],
  rrule: 'FREQ=DAILY',
  duration: 30,
  time_zone: 'America/New_York',
  server_tags: [7],
  server_sets: [8],
};
const members = { tags: new Map([[7, [2, 1]]]), sets: new Map([[8, [3, 1]]]) };

describe('maintenanceSpans', () => {
  it("expands a recurring window's occurrences in the range with its tags' and sets' servers", () => {
    const spans = maintenanceSpans([plain, daily], { from: z('2026-03-07T00:00:00Z'), to: z('2026-03-09T00:00:00Z') }, members);
    expect(spans).toEqual([
      { start: z('2026-03-07T14:00:00Z'), end: z('2026-03-07T14:30:00Z'), reason: 'backup', servers: [1, 2, 3] },
      // 09:00 New York after the clocks went forward on the 8th.
      { start: z('2026-03-08T13:00:00Z'), end: z('2026-03-08T13:30:00Z'), reason: 'backup', servers: [1, 2, 3] },
    ]);
  });

  it('keeps plain windows in range and shades only the servers each span covers', () => {
    const range = { from: z('2026-03-02T00:00:00Z'), to: z('2026-03-02T23:59:00Z') };
    const spans = maintenanceSpans([plain, daily], range, members);
    expect(bandsIn(spans, range, 5)).toEqual([{ from: plain.start, to: plain.end!, label: 'one-off' }]);
    expect(bandsIn(spans, range, 2)).toEqual([{ from: z('2026-03-02T14:00:00Z'), to: z('2026-03-02T14:30:00Z'), label: 'backup' }]);
    expect(bandsIn(spans, range, 9)).toEqual([]);
  });
});

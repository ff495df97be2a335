import { describe, expect, it } from 'vitest';
import { indexTargets } from '../../../shared/alert-target';
import { healthByServer } from './fleet-health';

const idx = indexTargets({ tags: [{ id: 5, servers: [1, 2] }], logs: [], polled: [], applications: [] });

describe('healthByServer', () => {
  it('counts each alert in incident once per server it lies on and keeps the newest open start', () => {
    const active = [
      { id: 10, type: 'Server', target_id: 1 },
      { id: 11, type: 'Server Tag', target_id: 5 },
      { id: 12, type: 'Process', target_id: '3_100_200' },
    ];
    const open = [
      { alert_id: 10, start: 100 },
      { alert_id: 11, start: 300 },
      { alert_id: 11, start: 200 },
      { alert_id: 99, start: 999 }, // an alert no longer in incident adds nothing
    ];
    const h = healthByServer(active, open, idx);
    expect(Object.fromEntries(h)).toEqual({
      1: { count: 2, latest: 300 },
      2: { count: 1, latest: 300 },
      3: { count: 1, latest: Number.POSITIVE_INFINITY }, // in incident, its history not read yet: the newest
    });
  });
  it('is empty when nothing is in incident', () => {
    expect(healthByServer([], [{ alert_id: 1, start: 5 }], idx).size).toBe(0);
  });
});

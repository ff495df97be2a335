import { describe, expect, it } from 'vitest';
import { bandsIn, markersIn, percentDomain, timeTicks } from './chart-marks';

const W = { from: 1000, to: 2000 };

describe('bandsIn', () => {
  it('clips overlapping windows and drops others', () => {
    const mw = [
      { start: 500, end: 1200, reason: 'patch', servers: [1] },
      { start: 2500, end: 3000, servers: [1] },
      { start: 1500, end: 1600, servers: [2] },
    ];
    expect(bandsIn(mw, W)).toEqual([
      { from: 1000, to: 1200, label: 'patch' },
      { from: 1500, to: 1600, label: 'Maintenance' },
    ]);
    expect(bandsIn(mw, W, 2)).toEqual([{ from: 1500, to: 1600, label: 'Maintenance' }]);
    expect(bandsIn(mw, W, [3, 1]).map((b) => b.label)).toEqual(['patch']);
    expect(bandsIn(mw, W, [])).toEqual([]);
  });
});

describe('markersIn', () => {
  it('keeps incidents starting in the window for the given alerts', () => {
    const h = [
      { start: 1100, alert_id: 1, subject: 'CPU high' },
      { start: 900, alert_id: 1 },
      { start: 1500, alert_id: 2 },
    ];
    expect(markersIn(h, W)).toEqual([
      { time: 1100, label: 'CPU high' },
      { time: 1500, label: 'Alert #2' },
    ]);
    expect(markersIn(h, W, new Set([2]))).toEqual([{ time: 1500, label: 'Alert #2' }]);
  });
});

describe('timeTicks', () => {
  it('spreads ticks over the whole range on whole steps', () => {
    expect(timeTicks({ from: 0, to: 3600 }, 6)).toEqual([0, 600, 1200, 1800, 2400, 3000, 3600]);
    expect(timeTicks({ from: 5, to: 5 })).toEqual([5]);
  });
});

describe('percentDomain', () => {
  it('is 0-100 unless values exceed it', () => {
    expect(percentDomain(42)).toEqual([0, 100]);
    expect(percentDomain(180.2)).toEqual([0, 181]);
  });
});

import { describe, expect, it } from 'vitest';
import { mergeRows, toPanels } from './to-panels';

describe('mergeRows', () => {
  it('merges series by time, in time order, with nulls where a series has no point', () => {
    expect(mergeRows([
      { key: 'k0', points: [{ time: 120, value: 2 }, { time: 60, value: 1 }] },
      { key: 'k1', points: [{ time: 60, value: 9 }, { time: 180, value: null }] },
    ])).toEqual([
      { time: 60, k0: 1, k1: 9 },
      { time: 120, k0: 2, k1: null },
      { time: 180, k0: null, k1: null },
    ]);
  });
});

describe('toPanels', () => {
  it('puts each unit on its own panel, in first-seen order, keeping selection keys and colours', () => {
    const panels = toPanels([
      { label: 'web-01 CPU %', unit: 'percent', points: [{ time: 60, value: 5 }] },
      { label: 'nginx critical', unit: 'count', points: [{ time: 60, value: 3 }] },
      { label: 'db-01 CPU %', unit: 'percent', points: [{ time: 120, value: 7 }] },
    ]);
    expect(panels.map((p) => [p.unit, p.title, p.series.map((s) => [s.key, s.colorIndex])])).toEqual([
      ['percent', 'Percent', [['k0', 0], ['k2', 2]]],
      ['count', 'Counts', [['k1', 1]]],
    ]);
    expect(panels[0]!.rows).toEqual([{ time: 60, k0: 5, k2: null }, { time: 120, k0: null, k2: 7 }]);
  });

  it('has no panel without series', () => {
    expect(toPanels([])).toEqual([]);
  });
});

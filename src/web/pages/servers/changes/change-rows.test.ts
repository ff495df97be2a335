import { describe, expect, it } from 'vitest';
import type { ChangeItem } from '../../../../shared/changes';
import { changeRows } from './change-rows';

const item = (over: Partial<ChangeItem>): ChangeItem => ({ kind: 'server', field: 'cpu', value: 1, baseline: 'hour', baseline_size: 60, median: 1, mad: 0, score: 0, recent: [], ...over });

describe('changeRows', () => {
  it('names server fields, parts and process fields, with their units and directions', () => {
    const rows = changeRows([
      item({ field: 'cpu', score: 12 }),
      item({ field: 'disk_busy.sda', score: -3, baseline: 'week', baseline_size: 5 }),
      item({ kind: 'process', field: 'memory', uid: '1_2_3', name: 'postgres' }),
      item({ field: 'something_new' }),
    ]);
    expect(rows.map((r) => [r.label, r.unit, r.direction])).toEqual([
      ['CPU', 'percent', 'up'],
      ['Disk busy sda', 'percent', 'down'],
      ['postgres (2): Memory', 'bytes', 'steady'],
      ['something_new', 'count', 'steady'],
    ]);
    expect(rows[1]!.baseline).toBe('same minute, 5 earlier days');
    expect(rows[0]!.baseline).toBe('previous hour, 60 minutes');
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });
});

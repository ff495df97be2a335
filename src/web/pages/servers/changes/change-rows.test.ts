import { describe, expect, it } from 'vitest';
import type { ChangeItem } from '../../../../shared/changes';
import { changeRows } from './change-rows';

const item = (over: Partial<ChangeItem>): ChangeItem => ({ kind: 'server', field: 'cpu', value: 1, baseline: 'hour', baseline_size: 60, median: 1, mad: 0, score: 0, change: 0, impact: 0, unusual: false, recent: [], ...over });

describe('changeRows', () => {
  it('names server fields, parts and process fields, with their units and directions', () => {
    const rows = changeRows([
      item({ field: 'cpu', score: 12, change: 50.5 }),
      item({ field: 'disk_busy.sda', score: -3, change: -2, baseline: 'week', baseline_size: 5 }),
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

  it("says the change in the series' unit and a process's part of the server's change", () => {
    const [server, java, steady] = changeRows([
      item({ field: 'cpu', change: 51.09 }),
      item({ kind: 'process', field: 'cpu', uid: '6_100_1', name: 'java', change: 34.96, share: 0.6843, server_change: 51.09 }),
      item({ kind: 'process', field: 'memory', uid: '6_200_1', name: 'cron', change: 0, share: 0, server_change: 0 }),
    ]);
    expect(server).toMatchObject({ change: '+51 points', explains: '', direction: 'up' });
    expect(java).toMatchObject({ change: '+35 points', explains: "68% of the server's +51 points" });
    expect(steady).toMatchObject({ change: '0 B', explains: '', direction: 'steady' });
  });
});

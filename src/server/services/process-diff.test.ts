import { describe, expect, it } from 'vitest';
import type { ProcessMinute } from '../store/repos/telemetry';
import { processDiff } from './process-diff';

const p = (pid: number, name: string, sample: ProcessMinute['sample']): ProcessMinute => ({ uid: `7_${pid}_100`, pid, create_time: 100, name, args: null, sample });

describe('processDiff', () => {
  const before = [
    p(1, 'nginx', { cpu: 10, memory: 100, thread_num: 4, file_num: 10 }),
    p(2, 'cron', { cpu: 50 }),
    p(3, 'db', { cpu: 5, memory: 1000, thread_num: 2 }),
    p(4, 'idle', { cpu: 0, memory: 5 }),
  ];
  const after = [
    p(1, 'nginx', { cpu: 30, memory: 100, thread_num: 4, file_num: 10 }),
    p(3, 'db', { cpu: 5, memory: 3000, thread_num: 4 }),
    p(4, 'idle', { cpu: 0, memory: 5 }),
    p(5, 'worker', { cpu: 1, memory: 50 }),
    p(6, 'shell', { cpu: 2 }),
  ];
  const d = processDiff(7, before, after);

  it('sorts started and ended processes by their values against the largest of the list', () => {
    expect(d.ended.map((x) => [x.name, x.score])).toEqual([['cron', 1]]);
    expect(d.ended[0]!.fields.cpu).toEqual({ before: 50, after: null, delta: -50 });
    // worker: cpu 1/2 = 0.5, memory 50/50 = 1 -> 1; shell: cpu 2/2 = 1, memory 0 -> 1; the sum breaks the tie.
    expect(d.started.map((x) => [x.name, x.score])).toEqual([['worker', 1], ['shell', 1]]);
    expect(d.started[0]).toMatchObject({ uid: '7_5_100', pid: '5', create_time: '100', server_id: 7, args: null });
  });

  it('ranks changed processes by the largest normalised delta, leaving unchanged ones out', () => {
    // nginx tops cpu (20 of 20), db tops memory (2000) and threads (2): both score 1, db's parts sum to 2.
    expect(d.changed.map((x) => [x.name, x.score])).toEqual([['db', 1], ['nginx', 1]]);
    expect(d.changed[0]!.fields).toEqual({
      cpu: { before: 5, after: 5, delta: 0 },
      memory: { before: 1000, after: 3000, delta: 2000 },
      thread_num: { before: 2, after: 4, delta: 2 },
      file_num: { before: null, after: null, delta: 0 },
    });
  });

  it('scores a smaller mover below the top one and is empty for the same minute twice', () => {
    const small = processDiff(7, [p(1, 'a', { cpu: 10 }), p(2, 'b', { cpu: 10 })], [p(1, 'a', { cpu: 50 }), p(2, 'b', { cpu: 20 })]);
    expect(small.changed.map((x) => [x.name, x.score])).toEqual([['a', 1], ['b', 0.25]]);
    expect(processDiff(7, before, before)).toEqual({ started: [], ended: [], changed: [] });
  });
});

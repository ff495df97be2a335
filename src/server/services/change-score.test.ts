import { describe, expect, it } from 'vitest';
import { chooseBaseline, MAX_SCORE, median, rankChanges, robustScore, type Candidate } from './change-score';

describe('robust score', () => {
  it.each([
    [[1, 3, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[], Number.NaN],
  ])('median of %j is %d', (xs, m) => expect(median(xs)).toBe(m));

  it('divides the distance from the median by 1.4826 x MAD', () => {
    expect(robustScore(90, [10, 11, 12, 11, 10, 12])).toMatchObject({ median: 11, mad: 1, score: 53.28 });
    expect(robustScore(11, [10, 11, 12])).toMatchObject({ score: 0 });
    expect(robustScore(8, [10, 11, 12]).score).toBeLessThan(0);
  });

  it('floors the scale at 1% of the median, so a flat baseline does not make a wobble infinite, and caps the score', () => {
    expect(robustScore(101, [100, 100, 100])).toEqual({ median: 100, mad: 0, score: 1, raw: 1 });
    expect(robustScore(5, [0, 0, 0])).toMatchObject({ score: MAX_SCORE, raw: 5e6 });
    expect(robustScore(-5, [0, 0, 0]).score).toBe(-MAX_SCORE);
  });
});

describe('baseline choice', () => {
  const hour = Array.from({ length: 10 }, (_, i) => i);
  it.each([
    [[1, 2, 3], hour, 'week'],
    [[1, 2], hour, 'hour'],
    [[1, 2], hour.slice(1), null],
  ])('week %j and %i hour minutes give %s', (week, h, kind) => {
    expect(chooseBaseline(week, h)?.kind ?? null).toBe(kind);
  });
});

describe('rankChanges', () => {
  const c = (field: string, value: number, hour: number[], uid?: string): Candidate => ({ kind: uid ? 'process' : 'server', field, uid, name: uid && 'proc', value, week: [], hour, recent: [] });
  const flat = Array.from({ length: 12 }, (_, i) => 10 + (i % 3));
  const steady = (x: number) => Array<number>(12).fill(x);

  it('drops series without a baseline, keeps the limit and names the process', () => {
    const out = rankChanges([c('cpu', 11, flat), c('memory', 50, flat), c('file_num', -20, flat, '1_2_3'), c('new', 1000, [1])], 2);
    expect(out.map((i) => [i.field, i.kind, i.baseline, i.baseline_size])).toEqual([
      ['memory', 'server', 'hour', 12],
      ['file_num', 'process', 'hour', 12],
    ]);
    expect(out[1]).toMatchObject({ uid: '1_2_3', name: 'proc', change: -31 });
    expect(out[1]!.score).toBeLessThan(0);
    expect(out[0]).not.toHaveProperty('raw');
  });

  // The demo's app-02 at its CPU incident in small: the server's CPU goes from 40 to 90; java takes
  // 49 of the 50 points, polkitd (always 0.0 until now) takes 0.1, which is a far larger z-score.
  const incident = [
    c('cpu', 90, steady(40)),
    c('cpu', 82, steady(33), '6_100_1'),
    c('cpu', 0.1, steady(0), '6_200_1'),
    c('cpu', 4.9, steady(4), '6_300_1'),
    c('memory', 2.02e9, steady(2e9)),
    c('memory', 1.01e9, steady(1e9), '6_100_1'),
    c('cpu_cores.cpu0', 95, steady(45)),
    c('cpu_cores.cpu1', 85, steady(35)),
    c('disk_busy.sda', 30, steady(10)),
  ];
  const byKey = new Map(rankChanges(incident, 20).map((i) => [`${i.field}:${i.uid ?? 'server'}`, i]));

  it.each([
    // series, change, impact (change in server size, server series only for the part processes leave), share, unusual
    ['cpu:6_100_1', 49, 0.49, 49 / 50, true],
    ['disk_busy.sda:server', 20, 0.2, undefined, true],
    // 1 % of its level: within the 1 % floor of the scale, so not unusual
    ['memory:6_100_1', 1e7, 0.005, 0.5, false],
    ['cpu:6_300_1', 0.9, 0.009, 0.9 / 50, true],
    ['cpu:6_200_1', 0.1, 0.001, 0.1 / 50, true],
    // 50 points, of which processes explain 50: nothing left.
    ['cpu:server', 50, 0, undefined, true],
    // each core moved 50 of 200 points of a 2-core CPU, all explained by processes
    ['cpu_cores.cpu0:server', 50, 0, undefined, true],
    // 20 MB of 2 GB, half explained by java
    ['memory:server', 2e7, 0.005, undefined, false],
  ])('%s: change %d, impact %d, share %s, unusual %s', (key, change, impact, share, unusual) => {
    const item = byKey.get(key)!;
    expect(item.change).toBeCloseTo(change, 6);
    expect(item.impact).toBeCloseTo(impact, 4);
    expect(item.share).toBe(share === undefined ? undefined : Math.round(share * 1e4) / 1e4);
    expect(item.unusual).toBe(unusual);
  });

  it('ranks by impact, so the process that took the CPU comes before one that only started moving', () => {
    const out = rankChanges(incident, 3);
    expect(out.map((i) => `${i.field}:${i.uid ?? 'server'}`)).toEqual(['cpu:6_100_1', 'disk_busy.sda:server', 'cpu:6_300_1']);
    expect(out[0]!.server_change).toBe(50);
    // polkitd's z-score is capped at 99, java's is not even close, yet java ranks first.
    expect(byKey.get('cpu:6_200_1')!.score).toBe(MAX_SCORE);
  });

  it('leaves the server its whole change when no process explains it, and measures it against its usual level', () => {
    const out = rankChanges([c('socket_read', 3e6, steady(1e6)), c('socket_read', 1e6, steady(1e6), '6_100_1')], 2);
    expect(out[0]).toMatchObject({ kind: 'server', field: 'socket_read', change: 2e6, impact: 2 });
    expect(out[1]).toMatchObject({ kind: 'process', change: 0, impact: 0, share: 0, server_change: 2e6 });
  });

  it('flags a move within the usual noise as not unusual', () => {
    const [item] = rankChanges([c('cpu', 12, flat)], 1);
    expect(item).toMatchObject({ unusual: false, change: 1 });
  });

  it('breaks ties of impact by |z| before the cap', () => {
    const out = rankChanges([c('thread_num', 11, steady(10)), c('file_num', 11, flat)], 2);
    // both change by 10% of their level; thread_num's flat baseline makes it the more unusual
    expect(out.map((i) => i.field)).toEqual(['thread_num', 'file_num']);
  });
});

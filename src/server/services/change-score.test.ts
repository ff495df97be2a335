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
  it('orders by |score|, drops series without a baseline and keeps the limit', () => {
    const out = rankChanges([c('cpu', 11, flat), c('memory', 50, flat), c('file_num', -20, flat, '1_2_3'), c('new', 1000, [1])], 2);
    expect(out.map((i) => [i.field, i.kind, i.baseline, i.baseline_size])).toEqual([
      ['memory', 'server', 'hour', 12],
      ['file_num', 'process', 'hour', 12],
    ]);
    expect(out[1]).toMatchObject({ uid: '1_2_3', name: 'proc' });
    expect(out[1]!.score).toBeLessThan(0);
  });

  it('keeps the order of capped scores by their value before the cap', () => {
    const out = rankChanges([c('cpu', 30, Array(12).fill(10)), c('memory', 3000, Array(12).fill(1000))], 2);
    expect(out.map((i) => [i.field, i.score])).toEqual([['cpu', 99], ['memory', 99]]); // z 200 before 66.7... capped
    expect(out[0]).not.toHaveProperty('raw');
  });
});

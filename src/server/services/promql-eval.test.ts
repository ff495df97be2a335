import { describe, expect, it } from 'vitest';
import { parsePromql } from './promql-ast';
import { evalInstant, evalRange, loadData, type StepValue } from './promql-eval';
import { compareLabels } from './promql-operators';
import { matchesAll } from './promql-selector';
import type { Labels, SeriesSource, SourceSeries } from './promql-source';

// Hand-made series, one point a minute from t=0 s to t=600 s:
//   m{job="a",inst="1"} a counter at 1/s; m{job="a",inst="2"} at 2/s, reset to 30 at t=300;
//   m{job="b",inst="3"} a constant 5 and n{job="b",inst="3"} 7; g{job="b"} a gauge; h_bucket{job="b",le=...} a classic histogram.
const at = (values: (t: number) => number) => Array.from({ length: 11 }, (_, i) => ({ t: i * 60_000, v: values(i * 60) }));
const GAUGE = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
const SERIES: SourceSeries[] = [
  { labels: { __name__: 'm', job: 'a', inst: '1' }, points: at((t) => t) },
  { labels: { __name__: 'm', job: 'a', inst: '2' }, points: at((t) => (t < 300 ? 2 * t : 2 * (t - 300) + 30)) },
  { labels: { __name__: 'm', job: 'b', inst: '3' }, points: at(() => 5) },
  { labels: { __name__: 'g', job: 'b' }, points: at((t) => GAUGE[t / 60]!) },
  { labels: { __name__: 'n', job: 'b', inst: '3' }, points: at(() => 7) },
  ...(
    [['0.1', 10], ['0.5', 30], ['1', 40], ['+Inf', 40]] as const
  ).map(([le, n]) => ({ labels: { __name__: 'h_bucket', job: 'b', le }, points: at(() => n) })),
  { labels: { __name__: 'h_bucket', job: 'c', le: '0.5' }, points: at(() => 30) },
  { labels: { __name__: 'h_bucket', job: 'c', le: '1' }, points: at(() => 25) },
  { labels: { __name__: 'h_bucket', job: 'c', le: '+Inf' }, points: at(() => 40) },
];

/** An in-memory SeriesSource over hand-made series (the evaluator's contract, without a store). */
function memorySource(series: readonly SourceSeries[]): SeriesSource {
  return {
    async select(_account, matchers, fromMs, toMs) {
      return series
        .filter((s) => matchesAll(matchers, s.labels))
        .map((s) => ({ labels: s.labels, points: s.points.filter((p) => p.t >= fromMs && p.t <= toMs) }))
        .filter((s) => s.points.length > 0);
    },
    async series(_account, matchers) {
      return series.filter((s) => matchesAll(matchers, s.labels)).map((s) => s.labels);
    },
  };
}

const source = memorySource(SERIES);

async function instant(query: string, seconds = 600): Promise<StepValue> {
  const e = parsePromql(query);
  return evalInstant(e, seconds * 1000, await loadData(source, 1, e, seconds * 1000, seconds * 1000));
}

/** A vector as [labels, value] pairs; a scalar as its value. */
async function result(query: string, seconds = 600): Promise<[Labels, number][] | number> {
  const v = await instant(query, seconds);
  if (v.type === 'scalar') return v.v;
  if (v.type !== 'vector') throw new Error('not a vector');
  return v.samples.map((s) => [s.labels, s.v]);
}

const A = { job: 'a', inst: '1' };
const B = { job: 'a', inst: '2' };
const C = { job: 'b', inst: '3' };
const named = (l: Labels) => ({ __name__: 'm', ...l });

describe('evaluating the PromQL subset at an instant', () => {
  it.each([
    ['m', [[named(A), 600], [named(B), 630], [named(C), 5]]],
    ['m{job="a"}', [[named(A), 600], [named(B), 630]]],
    ['rate(m{inst="1"}[5m])', [[A, 1]]],
    ['increase(m{inst="1"}[5m])', [[A, 300]]],
    ['increase(m{inst="2"}[10m])', [[B, 1100]]],
    ['rate(m{inst="2"}[10m])', [[B, 1100 / 600]]],
    ['irate(m{inst="2"}[5m])', [[B, 2]]],
    ['rate(m[5m])', [[A, 1], [B, 2], [C, 0]]],
    ['rate(m[1m])', []],
    ['sum by (job) (rate(m[5m]))', [[{ job: 'a' }, 3], [{ job: 'b' }, 0]]],
    ['sum(rate(m[5m])) by (job)', [[{ job: 'a' }, 3], [{ job: 'b' }, 0]]],
    ['sum without (inst) (rate(m[5m]))', [[{ job: 'a' }, 3], [{ job: 'b' }, 0]]],
    ['sum(m)', [[{}, 1235]]],
    ['avg(m)', [[{}, 1235 / 3]]],
    ['count by (job) (m)', [[{ job: 'a' }, 2], [{ job: 'b' }, 1]]],
    ['min(m)', [[{}, 5]]],
    ['max without (inst) (m)', [[{ job: 'a' }, 630], [{ job: 'b' }, 5]]],
    ['sum by (nope) (m)', [[{}, 1235]]],
    ['topk(2, m)', [[named(B), 630], [named(A), 600]]],
    ['topk by (job) (1, m)', [[named(B), 630], [named(C), 5]]],
    ['bottomk(1, m)', [[named(C), 5]]],
    ['topk(0, m)', []],
    ['avg_over_time(g[5m])', [[{ job: 'b' }, 4.2]]],
    ['min_over_time(g[5m])', [[{ job: 'b' }, 2]]],
    ['max_over_time(g[5m])', [[{ job: 'b' }, 6]]],
    ['sum_over_time(g[5m])', [[{ job: 'b' }, 21]]],
    ['count_over_time(g[5m])', [[{ job: 'b' }, 5]]],
    ['last_over_time(g[5m])', [[{ __name__: 'g', job: 'b' }, 5]]],
    ['first_over_time(g[5m])', [[{ __name__: 'g', job: 'b' }, 2]]],
    ['stdvar_over_time(g[5m])', [[{ job: 'b' }, 2.16]]],
    ['stddev_over_time(g[5m])', [[{ job: 'b' }, Math.sqrt(2.16)]]],
    ['quantile_over_time(0.25, g[5m])', [[{ job: 'b' }, 3]]],
    ['histogram_quantile(0.5, h_bucket)', [[{ job: 'b' }, 0.3], [{ job: 'c' }, (0.5 * 20) / 30]]],
    ['histogram_quantile(0.95, h_bucket{job="b"})', [[{ job: 'b' }, 0.9]]],
    ['histogram_quantile(0.5, sum by (le) (h_bucket{job="b"}))', [[{}, 0.3]]],
    ['m{inst="1"} * 2', [[A, 1200]]],
    ['2 * m{inst="1"}', [[A, 1200]]],
    ['m{inst="1"} / 4 - 50', [[A, 100]]],
    ['m{inst="1"} % 7', [[A, 600 % 7]]],
    ['m{inst="3"} ^ 2', [[C, 25]]],
    ['-m{inst="3"}', [[C, -5]]],
    ['m > 100', [[named(A), 600], [named(B), 630]]],
    ['100 < m', [[named(A), 600], [named(B), 630]]],
    ['m == 5', [[named(C), 5]]],
    ['m >= bool 600', [[A, 1], [B, 1], [C, 0]]],
    ['m - m', [[A, 0], [B, 0], [C, 0]]],
    ['m{job="a"} / absent_series', []],
    ['rate(m[5m]) / rate(m[5m])', [[A, 1], [B, 1], [C, NaN]]],
    ['(m{inst="1"} + 1) * 2', [[A, 1202]]],
    ['1 + 2 * 3', 7],
    ['2 ^ 3 ^ 2', 512],
    ['7 % 4 - -1', 4],
    ['1 > bool 2', 0],
    ['-(1 + 1)', -2],
  ] as const)('%s', async (query, expected) => {
    const got = await result(query);
    if (typeof expected === 'number') {
      expect(got).toBe(expected);
      return;
    }
    expect(Array.isArray(got) && got.map(([l]) => l)).toEqual(expected.map(([l]) => l));
    (got as [Labels, number][]).forEach(([, v], i) => {
      const want = expected[i]![1];
      if (Number.isNaN(want)) expect(v).toBeNaN();
      else expect(v).toBeCloseTo(want, 10);
    });
  });

  it('looks back 5 minutes for an instant selector, the boundary excluded', async () => {
    expect(await result('g', 600 + 299)).toEqual([[{ __name__: 'g', job: 'b' }, 5]]);
    expect(await result('g', 600 + 300)).toEqual([]);
  });

  it('answers a range selector as a matrix at an instant, the range open at its start', async () => {
    const v = await instant('g[2m]');
    expect(v).toEqual({ type: 'matrix', series: [{ labels: { __name__: 'g', job: 'b' }, points: [{ t: 540_000, v: 3 }, { t: 600_000, v: 5 }] }] });
  });

  it.each([
    ['rate({__name__=~"m|n", job="b"}[5m])', /same labelset/],
    ['{__name__=~"m|n", job="b"} * 2', /same labelset/],
    ['topk(NaN, m)', /overflows int64/],
  ])('refuses %s at evaluation', async (query, message) => {
    await expect(result(query)).rejects.toThrow(message);
  });

  it('refuses many-to-many vector matching', async () => {
    const e = parsePromql('m{job="a"} + {__name__=~"m|x", job="a"}');
    const two = memorySource([...SERIES, { labels: { __name__: 'x', job: 'a', inst: '1' }, points: at(() => 1) }]);
    const data = await loadData(two, 1, e, 600_000, 600_000);
    expect(() => evalInstant(e, 600_000, data)).toThrow(/duplicate series for the match group/);
  });
});

describe('evaluating a range query', () => {
  it('evaluates at every step, series sorted by labels, a scalar as one series without labels', async () => {
    const e = parsePromql('sum by (job) (rate(m[5m]))');
    const data = await loadData(source, 1, e, 300_000, 600_000);
    const r = evalRange(e, 300_000, 600_000, 150_000, data);
    expect(r.map((s) => s.labels)).toEqual([{ job: 'a' }, { job: 'b' }]);
    expect(r[0]!.values.map(([t]) => t)).toEqual([300_000, 450_000, 600_000]);
    expect(r[1]!.values.map(([, v]) => v)).toEqual([0, 0, 0]);
    const s = parsePromql('1 + 1');
    expect(evalRange(s, 0, 120_000, 60_000, new Map())).toEqual([{ labels: {}, values: [[0, 2], [60_000, 2], [120_000, 2]] }]);
  });

  it('leaves out steps where a series has no recent sample', async () => {
    const e = parsePromql('g');
    const r = evalRange(e, 600_000, 1_200_000, 120_000, await loadData(source, 1, e, 600_000, 1_200_000));
    expect(r[0]!.values.map(([t]) => t / 1000)).toEqual([600, 720, 840]);
  });
});

describe('a range query of a bare selector (walked once per series)', () => {
  it('answers at every step what the instant evaluation answers there, gaps, lookback and irregular points included', async () => {
    // Points at irregular times, a gap longer than the lookback, and two points at one timestamp.
    const odd: SourceSeries[] = [
      { labels: { __name__: 'o', k: 'x' }, points: [{ t: 5_000, v: 1 }, { t: 65_000, v: 2 }, { t: 65_000, v: 3 }, { t: 700_000, v: 4 }, { t: 701_000, v: NaN }] },
      { labels: { __name__: 'o', k: 'a' }, points: [{ t: 0, v: 9 }, { t: 299_999, v: 8 }] },
      ...SERIES,
    ];
    const src = memorySource(odd);
    for (const query of ['o', '{job=~"a|b"}', 'm{inst!="2"}']) {
      for (const [start, end, step] of [[0, 1_200_000, 60_000], [1_000, 1_000_000, 37_000], [600_000, 600_000, 1_000]] as const) {
        const e = parsePromql(query);
        const data = await loadData(src, 1, e, start, end);
        const expected = new Map<string, [number, number][]>();
        for (let t = start; t <= end; t += step) {
          const v = evalInstant(e, t, data);
          if (v.type !== 'vector') throw new Error('not a vector');
          for (const s of v.samples) expected.set(JSON.stringify(s.labels), [...(expected.get(JSON.stringify(s.labels)) ?? []), [t, s.v]]);
        }
        const r = evalRange(e, start, end, step, data);
        expect(new Map(r.map((s) => [JSON.stringify(s.labels), s.values]))).toEqual(expected);
        expect(r.map((s) => s.labels)).toEqual(r.map((s) => s.labels).sort(compareLabels));
      }
    }
  });

  it('refuses one label set twice at a step where both series have a value, and joins them where they never meet', async () => {
    const labels = { __name__: 'd', k: 'x' };
    const meet = memorySource([{ labels, points: [{ t: 0, v: 1 }] }, { labels: { ...labels }, points: [{ t: 60_000, v: 2 }] }]);
    const e = parsePromql('d');
    await expect(loadData(meet, 1, e, 0, 120_000).then((d) => evalRange(e, 0, 120_000, 60_000, d))).rejects.toThrow('vector cannot contain metrics with the same labelset');
    const apart = memorySource([{ labels, points: [{ t: 0, v: 1 }] }, { labels: { ...labels }, points: [{ t: 600_000, v: 2 }] }]);
    const r = evalRange(e, 0, 600_000, 300_000, await loadData(apart, 1, e, 0, 600_000));
    expect(r).toEqual([{ labels, values: [[0, 1], [600_000, 2]] }]);
  });
});

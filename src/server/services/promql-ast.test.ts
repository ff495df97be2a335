import { describe, expect, it } from 'vitest';
import { parsePromql, parseSelector, typeOf } from './promql-ast';
import { BadQuery, matchesAll, pinnedName } from './promql-selector';

const summary = (q: string) => parseSelector(q).map((m) => `${m.name}${m.op}${m.value}`);

describe('parseSelector', () => {
  it.each([
    ['up', ['__name__=up']],
    ['  node_cpu_seconds_total  ', ['__name__=node_cpu_seconds_total']],
    ['up{job="node"}', ['__name__=up', 'job=node']],
    ['up{job="node",}', ['__name__=up', 'job=node']],
    [`up{a="b", c!='d', e=~"re.*", f!~\`x|y\`}`, ['__name__=up', 'a=b', 'c!=d', 'e=~re.*', 'f!~x|y']],
    ['{__name__="up"}', ['__name__=up']],
    ['{__name__=~"node_.+", mode!="idle"}', ['__name__=~node_.+', 'mode!=idle']],
    ['a:b_c{x="\\"q\\"\\n"}', ['__name__=a:b_c', 'x="q"\n']],
    ['{"my.metric", "a.b"="c"}', ['__name__=my.metric', 'a.b=c']],
  ])('%s', (q, expected) => {
    expect(summary(q)).toEqual(expected);
  });

  it('anchors regexes and treats an absent label as empty', () => {
    const m = parseSelector('up{job=~"no", env!~"prod", zone=""}');
    expect(matchesAll(m, { __name__: 'up', job: 'no' })).toBe(true);
    expect(matchesAll(m, { __name__: 'up', job: 'node' })).toBe(false);
    expect(matchesAll(m, { __name__: 'up', job: 'no', env: 'prod' })).toBe(false);
    expect(matchesAll(m, { __name__: 'up', job: 'no', env: 'prod2' })).toBe(true);
    expect(matchesAll(m, { __name__: 'up', job: 'no', zone: 'eu' })).toBe(false);
    expect(pinnedName(m)).toBe('up');
    expect(pinnedName(parseSelector('{__name__=~"u.*"}'))).toBeNull();
  });

  it('refuses what is not a selector as match[]', () => {
    expect(() => parseSelector('rate(up[5m])')).toThrow(/is not a vector selector/);
  });
});

describe('parsePromql', () => {
  it.each([
    ['up', 'vector'],
    ['up[5m]', 'matrix'],
    ['rate(up[5m])', 'vector'],
    ['sum by (job) (rate(x[5m]))', 'vector'],
    ['sum(rate(x[5m])) without (a)', 'vector'],
    ['topk(3, x)', 'vector'],
    ['1 + 1', 'scalar'],
    ['-(2 ^ 3)', 'scalar'],
    ['x > bool 3', 'vector'],
    ['histogram_quantile(0.9, sum by (le) (rate(h_bucket[5m])))', 'vector'],
    ['quantile_over_time(0.5, x[1h30m])', 'vector'],
    ['(x) / x', 'vector'],
  ] as const)('%s is a %s', (q, type) => {
    expect(typeOf(parsePromql(q))).toBe(type);
  });

  it('reads grouping, numbers and durations as Prometheus does', () => {
    expect(parsePromql('sum without (a, b) (x)')).toMatchObject({ kind: 'aggregate', op: 'sum', without: true, labels: ['a', 'b'] });
    expect(parsePromql('max(x) by (job)')).toMatchObject({ kind: 'aggregate', op: 'max', without: false, labels: ['job'] });
    expect(parsePromql('rate(x[1h30m])')).toMatchObject({ kind: 'call', fn: 'rate', arg: { kind: 'range', rangeMs: 5_400_000 } });
    expect(parsePromql('0x1f')).toEqual({ kind: 'number', value: 31 });
    expect(parsePromql('- 1.5e3')).toEqual({ kind: 'number', value: -1500 });
    expect(parsePromql('-Inf')).toEqual({ kind: 'number', value: -Infinity });
    expect(parsePromql('-x')).toMatchObject({ kind: 'negate', arg: { kind: 'selector' } });
  });

  it.each([
    ['predict_linear(x[5m], 3)', /^unsupported in Fleetwatch: function "predict_linear"$/],
    ['x and y', /^unsupported in Fleetwatch: binary operator "and"$/],
    ['x or y', /binary operator "or"/],
    ['x unless y', /binary operator "unless"/],
    ['x[5m:1m]', /^unsupported in Fleetwatch: subquery$/],
    ['x offset 5m', /^unsupported in Fleetwatch: offset$/],
    ['x @ 100', /@ modifier/],
    ['x / on(a) y', /on\/ignoring vector matching/],
    ['quantile(0.5, x)', /aggregation "quantile"/],
    ['count_values("v", x)', /aggregation "count_values"/],
    ['"text"', /string literal/],
    ['', /no expression found/],
    ['rate(x[5m', /parse error/],
    ['foo bar', /parse error: unexpected "bar"/],
    ['sum(x,)', /parse error/],
    ['up{job=node}', /parse error/],
    ['rate(x)', /expected type range vector in call to function "rate", got instant vector/],
    ['sum(x[5m])', /expected type instant vector in aggregation expression, got range vector/],
    ['rate(x[5m], 2)', /expected 1 argument\(s\)/],
    ['topk(x)', /expected 2, got 1/],
    ['x[5m] + 1', /only scalar and instant vector/],
    ['1 > 2', /comparisons between scalars must use BOOL modifier/],
    ['x + bool 1', /bool modifier can only be used on comparison operators/],
    ['{job=""}', /at least one non-empty matcher/],
    ['up{job=~"("}', /invalid regular expression/],
    ['up{__name__="x"}', /metric name must not be set twice/],
  ])('refuses %s', (q, message) => {
    expect(() => parsePromql(q)).toThrow(BadQuery);
    expect(() => parsePromql(q)).toThrow(message);
  });
});

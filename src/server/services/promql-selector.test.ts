import { describe, expect, it } from 'vitest';
import { BadQuery, matchesAll, parseSelector, pinnedName } from './promql-selector';

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

  it.each([
    ['rate(up[5m])', /function "rate" is not supported/],
    ['sum(up)', /aggregation "sum" is not supported/],
    ['sum by (job) (up)', /aggregation "sum" is not supported/],
    ['up[5m]', /range vector selectors are not supported/],
    ['up * 2', /binary expressions are not supported/],
    ['up offset 5m', /"offset" is not supported/],
    ['42', /number literals are not supported/],
    ['(up)', /parenthesised expressions are not supported/],
    ['', /empty query/],
    ['up{job=node}', /quoted label value/],
    ['up{job~"x"}', /expected a matcher/],
    ['up{job="x"', /expected a label name|"," or "}"/],
    ['up{job="x}', /unterminated string/],
    ['{job=""}', /at least one non-empty matcher/],
    ['{job=~".*"}', /at least one non-empty matcher/],
    ['up{job=~"("}', /invalid regular expression/],
    ['up{__name__="x"}', /metric name must not be set twice/],
  ])('refuses %s', (q, message) => {
    expect(() => parseSelector(q)).toThrow(BadQuery);
    expect(() => parseSelector(q)).toThrow(message);
  });
});

import { describe, expect, it } from 'vitest';
import { parsePromText, parseValue, PromParseError } from './prom-text';

describe('parsePromText', () => {
  it('reads HELP, TYPE, comments, labels and timestamps', () => {
    const r = parsePromText(
      [
        '# A free comment',
        '# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.\\nSecond line \\\\ done',
        '# TYPE node_cpu_seconds_total counter',
        'node_cpu_seconds_total{cpu="0",mode="idle"} 12345.67',
        'node_cpu_seconds_total{ cpu = "0" , mode="user", } 1.5e3 1700000000000',
        '',
        'up 1',
        'http_requests_total{path="/a\\"b\\\\c\\nd"} 3\r',
      ].join('\n'),
    );
    expect(r.types.get('node_cpu_seconds_total')).toBe('counter');
    expect(r.help.get('node_cpu_seconds_total')).toBe('Seconds the CPUs spent in each mode.\nSecond line \\ done');
    expect(r.samples).toEqual([
      { name: 'node_cpu_seconds_total', labels: { cpu: '0', mode: 'idle' }, value: 12345.67 },
      { name: 'node_cpu_seconds_total', labels: { cpu: '0', mode: 'user' }, value: 1500, timestamp: 1700000000000 },
      { name: 'up', labels: {}, value: 1 },
      { name: 'http_requests_total', labels: { path: '/a"b\\c\nd' }, value: 3 },
    ]);
  });

  it('reads NaN, +Inf, -Inf and histogram buckets', () => {
    const r = parsePromText('x NaN\ny +Inf\nz -Inf\nh_bucket{le="+Inf"} 4\n');
    expect(Number.isNaN(r.samples[0]!.value)).toBe(true);
    expect(r.samples[1]!.value).toBe(Infinity);
    expect(r.samples[2]!.value).toBe(-Infinity);
    expect(r.samples[3]).toEqual({ name: 'h_bucket', labels: { le: '+Inf' }, value: 4 });
    // Go's ParseFloat takes them in any case: prom-client writes `Nan`.
    expect(Number.isNaN(parseValue('Nan')!)).toBe(true);
    expect([parseValue('inf'), parseValue('-Infinity'), parseValue('nope')]).toEqual([Infinity, -Infinity, null]);
  });

  it('keeps a label named __proto__ as a plain label', () => {
    const r = parsePromText('m{__proto__="x"} 1');
    expect(Object.getPrototypeOf(r.samples[0]!.labels)).toBe(Object.prototype);
    expect(Object.keys(r.samples[0]!.labels)).toEqual(['__proto__']);
  });

  it.each([
    ['m{a="1" 1', 2, 'expected , or }'],
    ['m{a=1} 1', 2, 'quoted value'],
    ['m{a="1} 1', 2, 'unterminated'],
    ['m{a="\\x"} 1', 2, 'bad escape'],
    ['m{a="1",a="2"} 1', 2, 'given twice'],
    ['m', 2, 'no value'],
    ['m abc', 2, 'bad value "abc"'],
    ['m 1 2 3', 2, 'unexpected text'],
    ['m 1 1.5', 2, 'bad timestamp'],
    ['9m 1', 2, 'expected a metric name'],
    ['# TYPE m wibble', 2, 'unknown metric type'],
    ['# TYPE m counter\n# TYPE m gauge', 3, 'second # TYPE'],
    ['{a="1"} 1', 2, 'expected a metric name'],
  ])('refuses %j at its line', (text, line, why) => {
    const body = `ok 1\n${text}`;
    let err: unknown;
    try {
      parsePromText(body);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PromParseError);
    expect((err as PromParseError).line).toBe(line);
    expect((err as Error).message).toContain(why);
  });

  it.each([
    ['1', 1],
    ['-2.5', -2.5],
    ['1e-3', 0.001],
    ['.5', 0.5],
    ['0x10', null],
    ['', null],
    ['1_000', null],
  ])('parseValue(%j) is %j', (text, v) => expect(parseValue(text)).toBe(v));
});

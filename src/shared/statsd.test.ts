import { describe, expect, it } from 'vitest';
import { bucketPost } from './buckets';
import { foldSample, linesToSamples, parseStatsdLine, toPoint, type MinuteAggregate, type StatsdLine } from './statsd';

const line = (text: string): StatsdLine => {
  const r = parseStatsdLine(text);
  if (!r.ok) throw new Error(r.error);
  return r.line;
};

describe('parseStatsdLine', () => {
  it.each([
    ['hits:1', { name: 'hits', value: '1', type: 'counter', rate: 1 }],
    ['hits:3|c|@0.5', { name: 'hits', value: '3', type: 'counter', rate: 0.5 }],
    ['mem:12.5|g', { name: 'mem', value: '12.5', type: 'gauge', rate: 1 }],
    ['lat:20|ms', { name: 'lat', value: '20', type: 'time', rate: 1 }],
    ['lat:20|h|#env:prod', { name: 'lat', value: '20', type: 'time', rate: 1 }],
    ['users:alice|s', { name: 'users', value: 'alice', type: 'set', rate: 1 }],
    ['a b.c-d:x', { name: 'a b.c-d', value: 'x', type: 'counter', rate: 1 }],
    ['  padded:1|c\n', { name: 'padded', value: '1', type: 'counter', rate: 1 }],
    [`${'n'.repeat(256)}:1`, { name: 'n'.repeat(256), value: '1', type: 'counter', rate: 1 }],
    // StatsD validity is not checked (spec): an unknown type reads as none, a bad sample rate as none.
    ['x:1|q', { name: 'x', value: '1', type: 'counter', rate: 1 }],
    ['x:1|zz', { name: 'x', value: '1', type: 'counter', rate: 1 }],
    ['x:1|', { name: 'x', value: '1', type: 'counter', rate: 1 }],
    ['x:1|constructor', { name: 'x', value: '1', type: 'counter', rate: 1 }],
    ['x:1|g|@0', { name: 'x', value: '1', type: 'gauge', rate: 1 }],
    ['x:1|c|@2', { name: 'x', value: '1', type: 'counter', rate: 1 }],
    ['x:1|c|@abc', { name: 'x', value: '1', type: 'counter', rate: 1 }],
  ])('parses %j', (text, expected) => {
    expect(parseStatsdLine(text)).toEqual({ ok: true, line: expected });
  });

  it.each([
    ['no colon', 'expected <name>:<value>[|type[|@rate]]'],
    [':1', 'bucket name must be 1-256 characters'],
    [`${'n'.repeat(257)}:1`, 'bucket name must be 1-256 characters'],
    ['x:', 'the value must not be empty'],
    ['x: |c', 'the value must not be empty'],
  ])('refuses %j', (text, error) => {
    expect(parseStatsdLine(text)).toEqual({ ok: false, error });
  });
});

describe('linesToSamples', () => {
  it('scales counters by the sample rate, marks signed gauges as deltas and counts set members once, as a gauge', () => {
    const samples = linesToSamples(['c:2|c|@0.5', 'g:+3|g', 'g:7|g', 't:5|ms', 's:a|s', 's:b|s', 's:a|s', 'bad:abc|c'].map(line));
    expect(samples).toEqual([
      { name: 'c', type: 'counter', value: 4, count: 1 },
      { name: 'g', type: 'gauge', value: 3, count: 1, delta: true },
      { name: 'g', type: 'gauge', value: 7, count: 1, delta: false },
      { name: 't', type: 'time', value: 5, count: 1, min: 5, max: 5 },
      { name: 's', type: 'gauge', value: 2, count: 3 },
      { name: 'bad', type: 'counter', value: null, count: 1 },
    ]);
  });
});

describe('foldSample and toPoint', () => {
  const fold = (type: Parameters<typeof foldSample>[0], values: (number | null)[], before: number | null = null, delta = false) =>
    values.reduce<MinuteAggregate | null>((a, v) => foldSample(type, a, { name: 'x', type, value: v, count: 1, delta }, before), null)!;

  it('sums counters', () => expect(toPoint('counter', 60, fold('counter', [1, 2, null, 3]))).toEqual({ time: 60, value: 6, count: 3 }));
  it('keeps the last gauge', () => expect(toPoint('gauge', 60, fold('gauge', [5, 9, 4]))).toEqual({ time: 60, value: 4, count: 3 }));
  it('applies gauge deltas to the previous value', () => expect(toPoint('gauge', 60, fold('gauge', [2, -1], 10, true)).value).toBe(11));
  it('gives mean, min and max of times', () =>
    expect(toPoint('time', 60, fold('time', [10, 30, 20]))).toEqual({ time: 60, value: 20, min: 10, max: 30, count: 3 }));
  it('weights a flushed mean by its count', () => {
    const a = foldSample('time', null, { name: 't', type: 'time', value: 10, count: 3, min: 5, max: 20 }, null);
    const b = foldSample('time', a, { name: 't', type: 'time', value: 30, count: 1 }, null);
    expect(toPoint('time', 0, b)).toEqual({ time: 0, value: 15, min: 5, max: 30, count: 4 });
  });
  it('reads a later message of another type by the fixed type', () => {
    const a = foldSample('counter', null, { name: 'x', type: 'gauge', value: 4, count: 1 }, null);
    expect(toPoint('counter', 0, a).value).toBe(4);
  });
});

describe('bucketPost', () => {
  it('parses a JSON list of lines', () => {
    const r = bucketPost.safeParse({ buckets: '[{"value":"a:1|c"},{"value":"b:2|g"}]' });
    expect(r.success && r.data.buckets.map((l) => l.name)).toEqual(['a', 'b']);
  });
  it.each([
    ['[]', 'buckets must hold at least one line'],
    ['[1]', 'buckets[0] must be an object with a text "value"'],
    ['[{"value":"a:1"},{"val":"b:2"}]', 'buckets[1] must be an object with a text "value"'],
    ['[{"value":"a:1"},{"value":"nocolon"}]', 'buckets[1] "nocolon": expected <name>:<value>[|type[|@rate]]'],
  ])('refuses %s', (text, message) => {
    const r = bucketPost.safeParse({ buckets: text });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

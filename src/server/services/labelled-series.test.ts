import { describe, expect, it } from 'vitest';
import { fingerprint, planSeriesWrite } from './labelled-series';
import { formatValue, parseDurationMs, parseTimeMs } from './prometheus-query';

const up = [{ name: '__name__', value: 'up' }, { name: 'job', value: 'node' }];

describe('planSeriesWrite', () => {
  it('keeps every sample of a label set in the order sent, merging a set sent twice', () => {
    const [plan] = planSeriesWrite([
      { labels: up, samples: [{ ms: 60_500, value: 4 }, { ms: 60_100, value: 9 }, { ms: 61_000, value: NaN }, { ms: 125_000, value: 2 }] },
      // The same label set again in one request merges into the same series.
      { labels: up, samples: [{ ms: 60_200, value: 1 }] },
    ]);
    expect(plan!.name).toBe('up');
    expect(plan!.labels).toEqual({ job: 'node' });
    expect(plan!.fingerprint).toBe(fingerprint(up));
    expect(plan!.ms).toEqual([60_500, 60_100, 61_000, 125_000, 60_200]);
    expect(plan!.values).toEqual([4, 9, NaN, 2, 1]);
  });

  it('leaves out series without samples and tells label sets apart', () => {
    expect(planSeriesWrite([{ labels: up, samples: [] }])).toEqual([]);
    expect(fingerprint(up)).not.toBe(fingerprint([{ name: '__name__', value: 'up' }, { name: 'job', value: 'nodf' }]));
    expect(fingerprint([{ name: 'a', value: 'bc' }])).not.toBe(fingerprint([{ name: 'ab', value: 'c' }]));
  });
});

describe('Prometheus formats', () => {
  it.each([
    [1, '1'], [0.25, '0.25'], [-3, '-3'], [1e21, '1000000000000000000000'], [1.5e-7, '0.00000015'], [NaN, 'NaN'], [Infinity, '+Inf'], [-Infinity, '-Inf'],
  ])('formats %s as %s', (v, s) => expect(formatValue(v)).toBe(s));

  it('reads durations and times as Prometheus does', () => {
    expect(parseDurationMs('15', 'step')).toBe(15_000);
    expect(parseDurationMs('1m30s', 'step')).toBe(90_000);
    expect(parseDurationMs('0.5', 'step')).toBe(500);
    expect(() => parseDurationMs('1 minute', 'step')).toThrow(/invalid parameter "step"/);
    expect(parseTimeMs('1700000000.5', 'start')).toBe(1_700_000_000_500);
    expect(parseTimeMs('2023-11-14T22:13:20Z', 'start')).toBe(1_700_000_000_000);
    expect(() => parseTimeMs('now', 'start')).toThrow(/invalid parameter "start"/);
  });
});

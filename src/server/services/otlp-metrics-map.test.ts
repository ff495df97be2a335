import { describe, expect, it } from 'vitest';
import type { ResourceMetrics } from '../ingest/otlp-model';
import { planMetrics, promLabelName, promMetricName, type PromKind } from './otlp-metrics-map';

describe('promMetricName (as Prometheus\'s otlptranslator names with suffixes)', () => {
  it.each<[string, string, PromKind, string]>([
    ['http.server.duration', 's', 'histogram', 'http_server_duration_seconds'],
    ['http.server.requests', '{request}', 'counter', 'http_server_requests_total'],
    ['requests_total', '', 'counter', 'requests_total'],
    ['system.network.io', 'By', 'counter', 'system_network_io_bytes_total'],
    ['throughput', 'By/s', 'gauge', 'throughput_bytes_per_second'],
    ['cpu.utilization', '1', 'gauge', 'cpu_utilization_ratio'],
    ['cpu.utilization', '1', 'updown', 'cpu_utilization'],
    ['latency_seconds', 's', 'gauge', 'latency_seconds'],
    ['2xx.count', '', 'updown', '_2xx_count'],
    ['temp', 'Cel', 'gauge', 'temp_celsius'],
    ['a..b__c', 'ms', 'summary', 'a_b_c_milliseconds'],
    ['...', '', 'gauge', ''],
  ])('%s (unit %s, %s) is %s', (name, unit, kind, want) => expect(promMetricName(name, unit, kind)).toBe(want));
});

describe('promLabelName', () => {
  it.each([
    ['service.version', 'service_version'],
    ['1st', 'key_1st'],
    ['http.response.status_code', 'http_response_status_code'],
    ['__meta', '__meta'],
  ])('%s is %s', (key, want) => expect(promLabelName(key)).toBe(want));
});

const at = 1_700_000_000_000n * 1_000_000n;
const base = { startNanos: 0n, timeNanos: at, flags: 0 };

describe('planMetrics', () => {
  it('maps a histogram to cumulative buckets with le, _sum and _count, and resource job/instance', () => {
    const r: ResourceMetrics = {
      resource: { 'service.name': 'api', 'service.namespace': 'shop', 'service.instance.id': 'i-1' },
      metrics: [{ name: 'rpc.duration', unit: 'ms', kind: 'histogram', temporality: 2, points: [{ ...base, attributes: { 'a.b': 'x' }, count: 6, sum: 12.5, bounds: [1, 10], counts: [1, 2, 3] }] }],
    };
    const plan = planMetrics([r]);
    expect(plan).toMatchObject({ accepted: 1, rejected: 0 });
    const rows = plan.series.map((s) => [Object.fromEntries(s.labels.map((l) => [l.name, l.value])), s.samples[0]!.value, s.delta]);
    const common = { a_b: 'x', job: 'shop/api', instance: 'i-1' };
    expect(rows).toEqual([
      [{ ...common, __name__: 'rpc_duration_milliseconds_bucket', le: '1' }, 1, false],
      [{ ...common, __name__: 'rpc_duration_milliseconds_bucket', le: '10' }, 3, false],
      [{ ...common, __name__: 'rpc_duration_milliseconds_bucket', le: '+Inf' }, 6, false],
      [{ ...common, __name__: 'rpc_duration_milliseconds_sum' }, 12.5, false],
      [{ ...common, __name__: 'rpc_duration_milliseconds_count' }, 6, false],
    ]);
    expect(plan.series.every((s) => s.labels.every((l, i, all) => i === 0 || all[i - 1]!.name < l.name))).toBe(true);
  });

  it('maps a summary to quantile series, _sum and _count; marks delta sums; skips points without a recorded value', () => {
    const plan = planMetrics([
      {
        resource: {},
        metrics: [
          { name: 'gc', unit: 's', kind: 'summary', points: [{ ...base, attributes: {}, count: 4, sum: 2, quantiles: [{ quantile: 0.5, value: 0.4 }, { quantile: 0.99, value: 0.9 }] }] },
          { name: 'hits', unit: '', kind: 'sum', monotonic: true, temporality: 1, points: [{ ...base, attributes: {}, value: 2 }, { ...base, attributes: {}, value: 9, flags: 1 }] },
        ],
      },
    ]);
    expect(plan.accepted).toBe(3);
    expect(plan.series.map((s) => [s.labels.map((l) => `${l.name}=${l.value}`).join(','), s.samples[0]!.value, s.delta])).toEqual([
      ['__name__=gc_seconds,quantile=0.5', 0.4, false],
      ['__name__=gc_seconds,quantile=0.99', 0.9, false],
      ['__name__=gc_seconds_sum', 2, false],
      ['__name__=gc_seconds_count', 4, false],
      ['__name__=hits_total', 2, true],
    ]);
  });

  it('rejects points it cannot store, counting them, with the first reason', () => {
    const plan = planMetrics([
      {
        resource: {},
        metrics: [
          { name: 'exp', unit: '', kind: 'exponentialHistogram', points: 2 },
          { name: 'bad', unit: '', kind: 'histogram', temporality: 2, points: [{ ...base, attributes: {}, count: 1, sum: 1, bounds: [1], counts: [1] }] },
          { name: 'untimed', unit: '', kind: 'gauge', points: [{ ...base, timeNanos: 0n, attributes: {}, value: 1 }] },
          { name: 'nodir', unit: '', kind: 'sum', monotonic: true, temporality: 0, points: [{ ...base, attributes: {}, value: 1 }] },
        ],
      },
    ]);
    expect(plan).toMatchObject({ accepted: 0, rejected: 5, series: [] });
    expect(plan.message).toMatch(/exponential histograms are not stored/);
  });
});

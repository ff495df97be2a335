import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { startPrometheus, type PrometheusPeer } from '../testing/prometheus';
import { encodeWrite, remoteWrite, type TestSeries } from '../testing/remote-write';

// The same three hours of a counter and a classic histogram, one sample per minute, are pushed by
// remote write to Debian's real Prometheus (its receiver, with an out-of-order window so backdated
// samples are taken) and to Fleetwatch; promtool's `query range` then asks both the same queries.
// Samples sit 17 s into their minute, off the step grid, so a range's boundary never falls on one.

const run = promisify(execFile);
const MINUTE = 60_000;
const HOURS = 3;
const end = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * MINUTE;
const start = end - HOURS * 60 * MINUTE;
const BOUNDS = ['0.05', '0.1', '0.25', '0.5', '1', '+Inf'];

let svc: TestService;
let prometheus: PrometheusPeer | undefined;
let bearer: string;

/** A deterministic sequence in [0, 1) (no Math.random: both peers and reruns see the same data). */
function noise(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

function counter(labels: Record<string, string>, seed: number, resetAt?: number): TestSeries {
  const r = noise(seed);
  let v = 1000 * seed;
  const samples: [number, number][] = [];
  for (let t = start + 17_000, i = 0; t <= end; t += MINUTE, i++) {
    v = i === resetAt ? r() * 10 : v + Math.floor(r() * 300);
    samples.push([t, v]);
  }
  return { labels: { __name__: 'fw_requests_total', ...labels }, samples };
}

/** A classic histogram's cumulative buckets, observations spread by `seed`. */
function histogram(job: string, seed: number): TestSeries[] {
  const r = noise(seed);
  const counts = BOUNDS.map(() => 0);
  const series = BOUNDS.map((le) => ({ labels: { __name__: 'fw_latency_seconds_bucket', job, instance: `${job}-1`, le }, samples: [] as [number, number][] }));
  for (let t = start + 17_000; t <= end; t += MINUTE) {
    const n = 20 + Math.floor(r() * 40);
    for (let k = 0; k < n; k++) {
      const x = r() ** 2 * 1.2;
      BOUNDS.forEach((b, i) => {
        if (x <= Number(b === '+Inf' ? Infinity : b)) counts[i]! += 1;
      });
    }
    series.forEach((s, i) => s.samples.push([t, counts[i]!]));
  }
  return series;
}

const DATA: TestSeries[] = [
  counter({ job: 'api', instance: 'a' }, 3),
  counter({ job: 'api', instance: 'b' }, 5, 90),
  counter({ job: 'web', instance: 'c' }, 7),
  ...histogram('api', 11),
  ...histogram('web', 13),
];

beforeAll(async () => {
  svc = await startTestService();
  bearer = `Bearer ${(await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'promtool' } })).body.token as string}`;
  prometheus = await startPrometheus(
    () => `global:\n  scrape_interval: 15s\nstorage:\n  tsdb:\n    out_of_order_time_window: 6h\n`,
    ['--web.enable-remote-write-receiver'],
  );
  const body = encodeWrite(DATA);
  const intoPrometheus = await remoteWrite(prometheus.url, '', body);
  expect(intoPrometheus.status, JSON.stringify(intoPrometheus.body) + prometheus.output().slice(-300)).toBe(204);
  expect((await remoteWrite(svc.baseUrl, bearer, body)).status).toBe(204);
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await svc?.close();
});

type Matrix = { metric: Record<string, string>; values: [number, string][] }[];

/**
 * promtool query range at 60 s steps, as JSON, against `url`, from 20 minutes into the pushed data:
 * where a series begins inside a range, Debian's Prometheus 2.42 extrapolates a counter towards zero
 * before capping at half a sample interval, Prometheus 3 (and Fleetwatch) after; docs/promql.md.
 */
async function promtool(url: string, expr: string, headers: string[] = []): Promise<Matrix> {
  const { stdout } = await run('promtool', [
    'query', 'range', '-o', 'json', `--start=${(start + 20 * MINUTE) / 1000}`, `--end=${end / 1000}`, '--step=60s', ...headers.map((h) => `--header=${h}`), url, expr,
  ]);
  const key = (m: Record<string, string>) => JSON.stringify(Object.entries(m).sort(([x], [y]) => x.localeCompare(y)));
  return (JSON.parse(stdout) as Matrix).sort((a, b) => key(a.metric).localeCompare(key(b.metric)));
}

/** Whether two printed floats agree (exactly, or within 1e-9 relative). */
function close(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [Number(a), Number(b)];
  return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
}

describe('promtool query range: Fleetwatch answers what the real Prometheus answers', () => {
  it.each([
    'rate(fw_requests_total[5m])',
    'sum by (job) (rate(fw_requests_total[5m]))',
    'histogram_quantile(0.9, sum by (le) (rate(fw_latency_seconds_bucket[5m])))',
    'histogram_quantile(0.5, sum by (job, le) (rate(fw_latency_seconds_bucket[10m])))',
    'increase(fw_requests_total{job="api"}[15m])',
    'irate(fw_requests_total[5m])',
    'avg_over_time(fw_requests_total[10m]) / 1000',
    'max by (instance) (fw_requests_total) > 20000',
    'topk(1, rate(fw_requests_total[5m]))',
  ])('%s', async (expr) => {
    const theirs = await promtool(prometheus!.url, expr);
    const ours = await promtool(svc.baseUrl, expr, [`Authorization=${bearer}`]);
    // 160 steps from minute 20 to 180: every series answers most of them.
    expect(theirs.flatMap((s) => s.values).length).toBeGreaterThan(100);
    expect(ours.map((s) => s.metric)).toEqual(theirs.map((s) => s.metric));
    theirs.forEach((s, i) => {
      const mine = ours[i]!.values;
      expect(mine.map(([t]) => t)).toEqual(s.values.map(([t]) => t));
      const differing = s.values.filter(([, v], j) => !close(v, mine[j]![1]));
      expect(differing, `${expr} ${JSON.stringify(s.metric)}`).toEqual([]);
    });
  }, 30_000);
});

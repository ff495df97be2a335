import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestService, type TestService } from '../testing/harness';
import { startPrometheus, type PrometheusPeer } from '../testing/prometheus';
import { until } from '../testing/until';

// Debian's real Prometheus scrapes Fleetwatch's own /metrics on a loopback port (allowed by default).
let svc: TestService;
let prometheus: PrometheusPeer;

const vector = z.object({
  status: z.literal('success'),
  data: z.object({ resultType: z.literal('vector'), result: z.array(z.object({ metric: z.record(z.string(), z.string()), value: z.tuple([z.number(), z.string()]) })) }),
});

/** An instant query against Prometheus's own HTTP API. */
async function query(q: string) {
  const r = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(q)}`);
  return vector.parse(await r.json()).data.result;
}

beforeAll(async () => {
  svc = await startTestService();
  const target = new URL(svc.baseUrl).host;
  prometheus = await startPrometheus(
    () => `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: fleetwatch
    metrics_path: /metrics
    static_configs:
      - targets: ['${target}']
`,
  );
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await svc.close();
});

describe("Debian's Prometheus scraping Fleetwatch's /metrics", () => {
  it('sees the target up and stores its series', async () => {
    expect((await svc.request('GET', '/api/v5/servers/')).status).toBe(200);
    const up = await until(async () => (await query('up{job="fleetwatch"}')).find((s) => s.value[1] === '1'), {
      ms: 30_000,
      what: 'Prometheus to report the fleetwatch target up',
    });
    expect(up.metric.instance).toBe(new URL(svc.baseUrl).host);
    const served = await until(
      async () => (await query('fleetwatch_http_requests_total{job="fleetwatch", route="/api/v5/servers"}')).find((s) => s.metric.method === 'GET'),
      { ms: 30_000, what: "Fleetwatch's request counter in Prometheus" },
    );
    expect(Number(served.value[1])).toBeGreaterThanOrEqual(1);
    expect(served.metric.status_class).toBe('2xx');
    expect((await query('fleetwatch_store_up{job="fleetwatch"}'))[0]?.value[1]).toBe('1');
    expect((await query('process_resident_memory_bytes{job="fleetwatch"}')).length).toBe(1);
  }, 90_000);
});

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { scrapeAndRemoteWrite, startPrometheus, type PrometheusPeer } from '../testing/prometheus';
import { promGet } from '../testing/remote-write';
import { until } from '../testing/until';

// Debian's real Prometheus (testing/prometheus.ts) scrapes a gauge this test serves and sends what it
// scraped to Fleetwatch by remote write, with a bearer ingest token; it reads back by query_range.

let svc: TestService;
let target: Server;
let prometheus: PrometheusPeer | undefined;
let bearer: string;
let gauge = 42.5;

const listening = (s: Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as { port: number }).port)));

beforeAll(async () => {
  svc = await startTestService();
  target = createServer((_req, res) => {
    res.setHeader('content-type', 'text/plain; version=0.0.4');
    res.end(`# HELP fw_peer_gauge A gauge the test controls.\n# TYPE fw_peer_gauge gauge\nfw_peer_gauge{room="lab"} ${gauge}\n`);
  });
  const targetPort = await listening(target);
  const token = (await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'prometheus' } })).body.token as string;
  bearer = `Bearer ${token}`;
  prometheus = await startPrometheus(() => scrapeAndRemoteWrite({ job: 'fw-peer', target: `127.0.0.1:${targetPort}`, intervalS: 1, baseUrl: svc.baseUrl, token }));
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await new Promise((r) => target?.close(r));
  await svc?.close();
});

/** The values query_range answers for `query` over the last two minutes, at one-second steps. */
async function recentValues(query: string): Promise<string[]> {
  const now = Date.now() / 1000;
  const r = await promGet(svc.baseUrl, bearer, '/query_range', { query, start: now - 120, end: now, step: 1 });
  expect(r.status).toBe(200);
  const result = r.body.data.result as { metric: Record<string, string>; values: [number, string][] }[];
  return result.flatMap((s) => s.values.map(([, v]) => v));
}

describe('a real Prometheus remote-writing to Fleetwatch', () => {
  it('delivers up and the target\'s gauge with the values served, read back by query_range', async () => {
    await until(async () => (await recentValues('fw_peer_gauge{job="fw-peer",room="lab"}')).includes('42.5'), {
      ms: 30_000,
      what: `fw_peer_gauge 42.5 to arrive (Prometheus said: ${prometheus?.output().slice(-300)})`,
    });
    await until(async () => (await recentValues('up{job="fw-peer"}')).includes('1'), { ms: 30_000, what: 'up 1 to arrive' });
    const series = await promGet(svc.baseUrl, bearer, '/series', { 'match[]': 'fw_peer_gauge' });
    expect(series.body.data).toEqual([{ __name__: 'fw_peer_gauge', instance: expect.stringMatching(/^127\.0\.0\.1:\d+$/), job: 'fw-peer', room: 'lab' }]);

    gauge = 7;
    await until(async () => {
      const r = await promGet(svc.baseUrl, bearer, '/query', { query: 'fw_peer_gauge' });
      return r.body.data.result[0]?.value[1] === '7';
    }, { ms: 30_000, what: 'the new value 7 to be the latest' });
    expect(prometheus!.output()).not.toMatch(/non-recoverable|status 4\d\d/i);
  }, 90_000);
});

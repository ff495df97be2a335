import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { nodeExporterBody } from '../testing/node-exporter-body';
import { encodeWrite, remoteWrite, type TestSeries } from '../testing/remote-write';
import { parsePromText } from './prom-text';
import { nodeSamples, targetInstances } from './remote-node';

describe('targetInstances', () => {
  it.each([
    ['http://10.1.2.3:9100/metrics', ['10.1.2.3:9100']],
    ['http://node-a/metrics', ['node-a', 'node-a:80']],
    ['https://node-a/metrics', ['node-a', 'node-a:443']],
  ])('%s is %j', (url, want) => expect(targetInstances(url)).toEqual(want));
});

describe('nodeSamples', () => {
  it('keeps node_exporter families with an instance, by instance and timestamp', () => {
    const got = nodeSamples([
      { labels: [{ name: '__name__', value: 'node_load1' }, { name: 'instance', value: 'a:9100' }], samples: [{ ms: 1, value: 0.5 }, { ms: 2, value: 0.7 }] },
      { labels: [{ name: '__name__', value: 'up' }, { name: 'instance', value: 'a:9100' }], samples: [{ ms: 1, value: 1 }] },
      { labels: [{ name: '__name__', value: 'node_uname_info' }], samples: [{ ms: 1, value: 1 }] },
    ]);
    expect([...got.keys()]).toEqual(['a:9100']);
    expect([...got.get('a:9100')!].map(([ms, s]) => [ms, s.map((x) => `${x.name}=${x.value}`)])).toEqual([[1, ['node_load1=0.5']], [2, ['node_load1=0.7']]]);
  });
});

let svc: TestService;
let bearer: string;
beforeAll(async () => {
  svc = await startTestService({ outboundNets: { allow: '127.0.0.0/8' } });
  bearer = `Bearer ${(await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'rw' } })).body.token as string}`;
});
afterAll(async () => svc?.close());

/** node_exporter's body at `step` as Prometheus remote-writes it for `instance` at `ms` (empty labels are absent labels). */
function scrapeAt(step: number, instance: string, ms: number): TestSeries[] {
  return parsePromText(nodeExporterBody(step)).samples.map((s) => ({
    labels: { ...Object.fromEntries(Object.entries(s.labels).filter(([, v]) => v !== '')), __name__: s.name, instance, job: 'node' },
    samples: [[ms, s.value]],
  }));
}

describe('remote-written node_exporter series', () => {
  it('feed the server of the scrape target of their instance, gathering a scrape sent in parts; other instances make no server', async () => {
    const created = await svc.request('POST', '/api/v5/scrape_targets/', { form: { url: 'http://127.0.0.1:9911/metrics', interval: 60 } });
    expect(created.status).toBe(201);
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 180_000;
    const send = async (series: TestSeries[]) => {
      const r = await remoteWrite(svc.baseUrl, bearer, encodeWrite(series));
      expect(r.status, JSON.stringify(r.body)).toBe(204);
    };
    const first = scrapeAt(0, '127.0.0.1:9911', t0);
    await send(first.slice(0, 10));
    await send(first.slice(10));
    await send(scrapeAt(1, '127.0.0.1:9911', t0 + 60_000));
    await send(scrapeAt(0, '127.0.0.1:9922', t0));
    await send(scrapeAt(1, '127.0.0.1:9922', t0 + 60_000));
    // The scrape at t0 + 60 s is complete once a later one comes.
    await send(scrapeAt(2, '127.0.0.1:9911', t0 + 120_000));

    const target = (await svc.request('GET', `/api/v5/scrape_targets/${created.body.id as number}/`)).body;
    expect(target.last_error ?? null).toBeNull();
    const servers = (await svc.request('GET', '/api/v5/servers/')).body.data as { id: number }[];
    expect(servers.map((s) => s.id)).toEqual([target.server_id]);
    const minute = t0 / 1000 + 60;
    const data = await svc.request('GET', `/api/v5/servers/${target.server_id as number}/data/?T=Minute&start=${minute}&end=${minute + 59}`);
    // CPU 0 busy 15 of 60 s, CPU 1 busy 3 of 60 s between the scrapes at t0 and t0 + 60 s: 15 %.
    expect(data.body.data).toMatchObject([{ cpu: 15 }]);
    const other = await svc.request('GET', '/api/v5/servers/', { as: svc.other });
    expect(other.body.data).toEqual([]);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuPercent, parseMeminfo, parseProcStat, usedMemory, type CpuTimes } from '../collector/proc/system';
import { startTestService, type TestService } from '../testing/harness';
import { freePort, scrapeAndRemoteWrite, startPrometheus, type PrometheusPeer } from '../testing/prometheus';
import { promGet } from '../testing/remote-write';
import { until } from '../testing/until';
import { scrapeCounters } from './node-exporter';

// Debian's real node_exporter on a loopback port, scraped by Debian's real Prometheus, which
// remote-writes what it scraped to Fleetwatch: the host, declared as a scrape target of the account,
// becomes a server whose CPU and memory match /proc over the window of the two scrapes that made them.
const NODE_EXPORTER = '/usr/bin/prometheus-node-exporter';

let svc: TestService;
let exporter: ChildProcess | undefined;
let prometheus: PrometheusPeer | undefined;
let out = '';
let instance = '';
let token = '';

beforeAll(async () => {
  svc = await startTestService({ outboundNets: { allow: '127.0.0.0/8' } });
  const port = await freePort();
  instance = `127.0.0.1:${port}`;
  exporter = spawn(NODE_EXPORTER, [`--web.listen-address=${instance}`, '--log.level=warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  exporter.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  exporter.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await until(async () => (await fetch(`http://${instance}/metrics`).catch(() => null))?.ok, { ms: 20_000, what: 'node_exporter to answer' });
  token = (await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'prometheus' } })).body.token as string;
}, 30_000);

afterAll(async () => {
  await prometheus?.stop();
  if (exporter && exporter.exitCode === null) {
    const exited = new Promise((r) => exporter!.once('exit', r));
    exporter.kill('SIGKILL');
    await exited;
  }
  await svc?.close();
});

/** /proc/stat's CPU times, read every 20 ms with the time of reading, to find the window of two scrapes. */
function sampleProc() {
  const seen: { ms: number; cpu: CpuTimes }[] = [];
  const read = () => seen.push({ ms: Date.now(), cpu: parseProcStat(readFileSync('/proc/stat', 'utf8')).cpu });
  read();
  const timer = setInterval(read, 20);
  return {
    stop: () => clearInterval(timer),
    /** The reading nearest to `ms`. */
    at: (ms: number) => seen.reduce((best, s) => (Math.abs(s.ms - ms) < Math.abs(best.ms - ms) ? s : best)).cpu,
  };
}

describe("Debian's Prometheus remote-writing Debian's node_exporter", () => {
  it('feeds the server of the scrape target with CPU and memory matching /proc within 5 points, keeping the labelled series', async () => {
    // Declared with an hour's interval: the service's own scraper (not running in tests anyway) would not be what feeds it.
    const created = await svc.request('POST', '/api/v5/scrape_targets/', { form: { url: `http://${instance}/metrics`, interval: 3600 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const proc = sampleProc();
    // Every distinct set of counters the target keeps: each after the first was used for a stored minute.
    const counterTimes: number[] = [];
    const watch = async () => {
      const t = await svc.deps.store.scrapeTargets.get(svc.account.id, id);
      if (t?.counters) {
        const at = scrapeCounters.parse(JSON.parse(t.counters)).at;
        if (counterTimes.at(-1) !== at) counterTimes.push(at);
      }
      return t;
    };
    prometheus = await startPrometheus(() => scrapeAndRemoteWrite({ job: 'node', target: instance, intervalS: 3, baseUrl: svc.baseUrl, token }));
    try {
      const target = await until(async () => {
        const t = await watch();
        return counterTimes.length >= 2 && t?.serverId ? t : null;
      }, { ms: 45_000, what: `two remote-written scrapes to feed the target (Prometheus said: ${prometheus.output().slice(-300)}; node_exporter: ${out.slice(-200)})` });
      const mem = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
      const [from, to] = [counterTimes[0]!, counterTimes[1]!];
      const procCpu = cpuPercent(proc.at(from), proc.at(to));
      proc.stop();
      expect(target.lastError).toBeNull();

      const server = (await svc.request('GET', `/api/v5/servers/${target.serverId}/`)).body;
      expect(server).toMatchObject({ hostname: hostname(), os: 'Linux' });
      const minute = Math.floor(to / 60_000) * 60;
      const data = await svc.request('GET', `/api/v5/servers/${target.serverId}/data/?T=Minute&start=${minute}&end=${minute + 59}`);
      const rec = data.body.data.at(-1) as { cpu: number; memory: number } | undefined;
      expect(rec, JSON.stringify(data.body)).toBeDefined();
      expect(Math.abs(rec!.cpu - procCpu), `cpu ${rec!.cpu} vs /proc ${procCpu} over ${to - from} ms`).toBeLessThanOrEqual(5);
      const memPoints = (100 * Math.abs(rec!.memory - usedMemory(mem))) / (mem.MemTotal ?? 1);
      expect(memPoints, `memory ${rec!.memory} vs /proc ${usedMemory(mem)}`).toBeLessThanOrEqual(5);
      expect(rec!.memory).toBeGreaterThan(0);

      // Still labelled series too, read back through the query API.
      const series = await promGet(svc.baseUrl, `Bearer ${token}`, '/series', { 'match[]': `node_memory_MemTotal_bytes{instance="${instance}"}` });
      expect(series.body.data).toEqual([{ __name__: 'node_memory_MemTotal_bytes', instance, job: 'node' }]);
    } finally {
      proc.stop();
    }
  }, 70_000);
});

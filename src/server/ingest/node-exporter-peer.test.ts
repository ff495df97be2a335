import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuPercent, parseMeminfo, parseProcStat, usedMemory } from '../collector/proc/system';
import { startTestService, type TestService } from '../testing/harness';
import { until } from '../testing/until';
import { createScraper } from './scraper';

// Debian's real node_exporter (package prometheus-node-exporter, installed by `npm test`:
// scripts/test/peers.ts) on a loopback port, scraped twice by the service's own scraper: this host
// becomes a server whose CPU and memory match what /proc says over the same window.
const NODE_EXPORTER = '/usr/bin/prometheus-node-exporter';

let svc: TestService;
let exporter: ChildProcess | undefined;
let out = '';
let url = '';

async function freePort(): Promise<number> {
  const s = netServer();
  const port = await new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as { port: number }).port)));
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  svc = await startTestService({ outboundNets: { allow: '127.0.0.0/8' } });
  const port = await freePort();
  exporter = spawn(NODE_EXPORTER, [`--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  exporter.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  exporter.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  url = `http://127.0.0.1:${port}/metrics`;
  await until(async () => (await fetch(url).catch(() => null))?.ok, { ms: 20_000, what: 'node_exporter to answer' });
}, 30_000);

afterAll(async () => {
  if (exporter && exporter.exitCode === null) {
    const exited = new Promise((r) => exporter!.once('exit', r));
    exporter.kill('SIGKILL');
    await exited;
  }
  await svc.close();
});

const procStat = () => parseProcStat(readFileSync('/proc/stat', 'utf8'));

describe("Debian's node_exporter scraped into a server", () => {
  it('shows this host in the fleet with CPU and memory matching /proc within 5 points', async () => {
    const created = await svc.request('POST', '/api/v5/scrape_targets/', { form: { url, interval: 15 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const scraper = createScraper(svc.deps);
    const scrape = async () => {
      const r = await scraper.scrape((await svc.deps.store.scrapeTargets.get(svc.account.id, id))!);
      expect(r.error, `scrape error (node_exporter said: ${out.slice(-500)})`).toBeNull();
      return r;
    };

    const before = procStat();
    await scrape();
    // Let the CPUs run for at least two seconds' worth of jiffies (an event of /proc, not a fixed sleep).
    const cores = Object.keys(before.cores).length || 1;
    await until(() => procStat().cpu.total - before.cpu.total >= 200 * cores, { ms: 20_000, what: 'two seconds of CPU time' });
    const second = await scrape();
    const after = procStat();
    const mem = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
    expect(second.stored).toBe(true);

    const server = (await svc.request('GET', `/api/v5/servers/${second.serverId}/`)).body;
    expect(server).toMatchObject({ hostname: hostname(), os: 'Linux' });
    const fleet = (await svc.request('GET', '/api/v5/servers/')).body.data.map((s: { id: number }) => s.id);
    expect(fleet).toContain(second.serverId);

    const now = Math.floor(Date.now() / 1000);
    const data = await svc.request('GET', `/api/v5/servers/${second.serverId}/data/?T=Minute&start=${now - 600}&end=${now + 60}`);
    const rec = data.body.data.at(-1) as { cpu: number; memory: number };
    const procCpu = cpuPercent(before.cpu, after.cpu);
    expect(Math.abs(rec.cpu - procCpu), `cpu ${rec.cpu} vs /proc ${procCpu}`).toBeLessThanOrEqual(5);
    const total = mem.MemTotal ?? 1;
    const memPoints = (100 * Math.abs(rec.memory - usedMemory(mem))) / total;
    expect(memPoints, `memory ${rec.memory} vs /proc ${usedMemory(mem)} of ${total}`).toBeLessThanOrEqual(5);
    expect(rec.memory).toBeGreaterThan(0);
  }, 40_000);
});

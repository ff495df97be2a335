import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './until';

/** Debian's Prometheus (package prometheus, installed by `npm test`: scripts/test/peers.ts). */
export const PROMETHEUS = '/usr/bin/prometheus';

/** A free loopback port (for a peer's own listener). */
export async function freePort(): Promise<number> {
  const s = netServer();
  const port = await new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as { port: number }).port)));
  await new Promise((r) => s.close(r));
  return port;
}

/** A running Prometheus: its base URL, what it printed so far, and how to stop it (removing its directory). */
export interface PrometheusPeer {
  url: string;
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * prometheus.yml that scrapes `target` (host:port) every `intervalS` seconds as job `job` and remote-writes
 * what it scrapes to Fleetwatch at `baseUrl` with the ingest token `token`, with short send deadlines and
 * backoffs so a test sees its samples within seconds.
 */
export function scrapeAndRemoteWrite(o: { job: string; target: string; intervalS: number; baseUrl: string; token: string }): string {
  return `global:
  scrape_interval: ${o.intervalS}s
scrape_configs:
  - job_name: ${o.job}
    static_configs:
      - targets: ['${o.target}']
remote_write:
  - url: ${o.baseUrl}/api/v1/write
    authorization:
      credentials: ${o.token}
    queue_config:
      batch_send_deadline: 1s
      min_backoff: 100ms
      max_backoff: 1s
`;
}

/**
 * Starts the real Prometheus on a free loopback port with a temporary directory for its TSDB and
 * files; `config(dir)` answers prometheus.yml (it may write rule files into `dir` first). Resolves
 * once Prometheus says it is ready. `args` are extra flags (e.g. --web.enable-remote-write-receiver).
 */
export async function startPrometheus(config: (dir: string) => string, args: readonly string[] = []): Promise<PrometheusPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-prometheus-'));
  writeFileSync(join(dir, 'prometheus.yml'), config(dir));
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok, { ms: 30_000, what: 'Prometheus to be ready' });
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}; Prometheus said: ${out.slice(-500)}`);
  }
  return { url, dir, output: () => out, stop };
}

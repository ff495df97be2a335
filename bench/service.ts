// The benchmarked service (bench/serve.ts) in its own process, and the client side of it: keep-alive
// requests, the hand-written batch uploader, the service's CPU time.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { openUploader } from './uploader';
import { SERVE_EXEC_ARGV } from './serve-args';

export const CONCURRENCY = 16;

export type BenchService = Awaited<ReturnType<typeof startBenchService>>;

/**
 * Starts bench/serve.ts on `dir` (and the PostgreSQL database `pgUrl`, when given); `serveScript` runs
 * another checkout's bench/serve.ts instead (the load bench against older commits).
 */
export async function startBenchService(dir: string, pgUrl?: string, serveScript = join(import.meta.dirname, 'serve.ts')) {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of the service there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const args = pgUrl ? [dir, pgUrl] : [dir];
  const child = fork(serveScript, args, { execArgv: [...SERVE_EXEC_ARGV, ...profile], stdio: 'inherit' });
  const info = await new Promise<{ address: string; email: string; key: string }>((res) => child.once('message', (m) => res(m as never)));
  const auth = `Basic ${Buffer.from(`${info.email}:${info.key}`).toString('base64')}`;
  // Keep-alive connections, one per upload in flight, and pre-encoded bodies: the load generator should
  // cost the machine as little as possible so the wall clock measures the service.
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const base = new URL(info.address);

  function call(method: string, path: string, body?: string | Buffer) {
    const t0 = performance.now();
    const headers: Record<string, string | number> = { authorization: auth };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    return new Promise<{ text: string; client: number; server: number }>((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const client = performance.now() - t0;
          if ((res.statusCode ?? 500) >= 300) return reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          resolve({ text, client, server: timing ? Number(timing[1]) : NaN });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    /** The service's base URL and the Authorization header of the bench account. */
    base,
    auth,
    call,
    /**
     * Posts batches over fresh keep-alive sockets (sockets left idle through a long registration or a
     * read phase would meet the service's idle timeout).
     */
    async postAll(bodies: Buffer[]): Promise<void> {
      const uploader = await openUploader(base, '/api/v5/collector/batches', auth, CONCURRENCY);
      try {
        await uploader.postAll(bodies);
      } finally {
        uploader.close();
      }
    },
    /** CPU seconds used so far by the service process (utime + stime from /proc). */
    serviceCpu(): number {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    },
    async register(guid: string): Promise<number> {
      const body = JSON.stringify({ guid, hostname: guid, os: 'Linux' });
      return (JSON.parse((await call('POST', '/api/v5/collector/register', body)).text) as { server_id: number }).server_id;
    },
    /** Waits until every stored batch is evaluated; answers the lags since the last ask. */
    lag: () =>
      new Promise<{ n: number; p50: number; p99: number; max: number } | null>((res) => {
        child.once('message', (m) => res(m as never));
        child.send('lag');
      }),
    async stop() {
      agent.destroy();
      child.send('stop');
      await new Promise((res) => child.once('exit', res));
    },
  };
}

/** Runs `fn` over the items, CONCURRENCY at a time. */
export async function pool<T>(items: T[], fn: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next < items.length) await fn(items[next++]!); }));
}

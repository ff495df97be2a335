import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '../../shared/ingest';
import { startTestService, type TestService } from '../testing/harness';
import { startCollector } from './agent';
import { readRegistration } from './host-info';
import { Uploader } from './uploader';
import { until } from '../testing/until';

const minuteAgo = () => Math.floor(Date.now() / 60_000) * 60 - 60;
const aBatch = (guid: string, batch_id: string): Batch => ({
  batch_id,
  guid,
  minute: minuteAgo(),
  server: { cpu: 12.5, memory: 1_000_000 },
  processes: [],
  process_details: [],
  connections: [],
  logs: [],
  polled: [],
  statsd: [],
  transactions: [],
});

describe('Uploader against the real service', () => {
  let svc: TestService;
  let dir: string;
  beforeAll(async () => {
    svc = await startTestService();
    dir = mkdtempSync(join(tmpdir(), 'uploader-'));
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a gzip batch once: a replay of the same batch id stores nothing', async () => {
    const api = new Uploader({ url: svc.baseUrl + '/', ...svc.account });
    const reg = await api.register(await readRegistration('uploader-guid', 'uploader-host'));
    expect(reg.server_id).toBeGreaterThan(0);
    expect((await api.config('uploader-guid')).server_id).toBe(reg.server_id);
    expect(await api.upload(aBatch('uploader-guid', 'b-1'))).toEqual({ kind: 'stored', stored: true });
    expect(await api.upload(aBatch('uploader-guid', 'b-1'))).toEqual({ kind: 'stored', stored: false });
  });

  it.each([
    ['an unknown guid asks to register again', aBatch('never-registered', 'b-2'), 'reregister'],
    ['a malformed batch is refused, not retried', { ...aBatch('uploader-guid', 'b-3'), minute: 61 }, 'rejected'],
  ] as const)('%s', async (_, b, kind) => {
    const api = new Uploader({ url: svc.baseUrl, ...svc.account });
    expect((await api.upload(b)).kind).toBe(kind);
  });

  it('reports wrong credentials and an unreachable service as retryable', async () => {
    expect((await new Uploader({ url: svc.baseUrl, email: svc.account.email, key: 'nope' }).upload(aBatch('g', 'b'))).kind).toBe('retry');
    expect((await new Uploader({ url: 'http://127.0.0.1:9', ...svc.account }, 2000).upload(aBatch('g', 'b'))).kind).toBe('retry');
  });

  it('retries a failed upload with backoff and the same batch id, so nothing is stored twice', async () => {
    // A real HTTP proxy in front of the service that fails the first batch upload with a 503.
    const seen: { id: string; status: number }[] = [];
    let failed = false;
    const proxy: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const isBatch = req.url?.endsWith('/collector/batches') ?? false;
        const id = isBatch ? (JSON.parse(gunzipSync(body).toString()) as Batch).batch_id : '';
        if (isBatch && !failed) {
          failed = true;
          seen.push({ id, status: 503 });
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"status":503,"message":"busy"}}');
          return;
        }
        const target = new URL(req.url ?? '/', svc.baseUrl);
        const up = httpRequest(target, { method: req.method, headers: req.headers }, (r) => {
          if (isBatch) seen.push({ id, status: r.statusCode ?? 0 });
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        up.end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as { port: number }).port;
    const logs: string[] = [];
    const c = startCollector({
      url: `http://127.0.0.1:${port}`,
      ...svc.account,
      stateDir: dir,
      hostname: 'retry-host',
      statsdPort: null,
      intervalSeconds: 1,
      limits: { maxProcesses: 5, maxDetails: 1 },
      log: (m) => logs.push(m),
    });
    try {
      await c.ready;
      await until(() => seen.filter((s) => s.status === 201).length >= 2);
    } finally {
      await c.stop();
      await new Promise((r) => proxy.close(r));
    }
    expect(seen[0]!.status).toBe(503);
    // The failed batch went again with its id, and was stored once.
    expect(seen[1]).toEqual({ id: seen[0]!.id, status: 201 });
    expect(new Set(seen.filter((s) => s.status === 201).map((s) => s.id)).size).toBe(seen.filter((s) => s.status === 201).length);
    expect(logs.some((m) => /retrying in \d+ s with the same batch id/.test(m))).toBe(true);
  });
});

describe('npm run collector (the CLI)', () => {
  const cli = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'src/server/collector/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = (p: ReturnType<typeof cli>) => new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('close', (code) => resolve({ code, out }));
  });

  it.each([
    [['--email', 'a@b.c', '--key', 'k'], /--url, --email and --key are required/],
    [['--url', 'ftp://x', '--email', 'a@b.c', '--key', 'k'], /--url must start with http/],
    [['--url', 'http://x', '--email', 'a@b.c', '--key', 'k', '--statsd-port', '70000'], /--statsd-port must be/],
    [['--url', 'http://x', '--email', 'a@b.c', '--key', 'k', '--interval', '0.5'], /--interval must be/],
  ])('refuses %j', async (args, message) => {
    const r = await exit(cli(args));
    expect(r.code).toBe(2);
    expect(r.out).toMatch(message);
  });

  it('registers with the service and stops on SIGTERM', async () => {
    const svc = await startTestService();
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    try {
      const p = cli(['--url', svc.baseUrl, '--email', svc.account.email, '--key', svc.account.key, '--state-dir', dir, '--statsd-port', 'off', '--interval', '1']);
      const done = exit(p);
      let out = '';
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('registered guid')) p.kill('SIGTERM');
      });
      const r = await done;
      expect(r.out).toMatch(/registered guid [0-9a-f-]{36} as server \d+/);
      expect(r.code).toBe(0);
    } finally {
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port (bound then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * HAProxy (Debian's) in front of service replicas, as an operator runs it: round robin, health checks on
 * /healthz every 300 ms, a request refused by a dead replica retried on the other (redispatch).
 */
export async function startHaproxy(backends: string[]): Promise<{ base: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-haproxy-'));
  const port = await freePort();
  const servers = backends.map((b, i) => `  server r${i} ${new URL(b).host} check inter 300 fall 2 rise 2`).join('\n');
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    `global
  maxconn 2000
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
frontend fleetwatch
  bind 127.0.0.1:${port}
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /healthz
  option forwardfor
${servers}
`,
  );
  const child = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${out}`);
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100) throw new Error(`haproxy did not answer: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

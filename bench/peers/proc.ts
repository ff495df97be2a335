import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Page faults (minor, major) a process has taken so far, from /proc/<pid>/stat. */
export function pageFaults(pid: number): { minor: number; major: number } {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { minor: Number(f[7]), major: Number(f[9]) };
}

/** Peak resident memory of a process so far (VmHWM from /proc/<pid>/status), in bytes. */
export function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : NaN;
}

/**
 * Waits until none of the processes uses more than `idle` CPU seconds per second (deferred work such as
 * merges, compactions, alert evaluation done), so one measurement does not pay for another's leftovers.
 * `more` adds other CPU counters (a peer's database server). Returns false when they were still busy
 * after `maxMs`.
 */
export async function settle(pids: number[], idle = 0.02, maxMs = 120_000, more: (() => number)[] = []): Promise<boolean> {
  const total = () => pids.reduce((s, p) => s + cpuSeconds(p), 0) + more.reduce((s, cpu) => s + (cpu() || 0), 0);
  const t0 = performance.now();
  let before = total();
  while (performance.now() - t0 < maxMs) {
    await sleep(1000);
    const now = total();
    if (now - before <= idle) return true;
    before = now;
  }
  return false;
}

/** Bytes the files under dir occupy on disk (allocated blocks, as du counts them). */
export function diskBytes(dir: string): number {
  let sum = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    sum += st.blocks * 512;
    if (st.isDirectory()) sum += diskBytes(path);
  }
  return sum;
}

/** Disk bytes per top-level entry of dir, Prometheus's block directories (ULIDs) summed as "blocks". */
export function diskParts(dir: string): [string, number][] {
  const parts = new Map<string, number>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    const key = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(name) ? 'blocks' : name;
    parts.set(key, (parts.get(key) ?? 0) + st.blocks * 512 + (st.isDirectory() ? diskBytes(path) : 0));
  }
  return [...parts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
}

/** The installed version of a Debian package, or "version unknown". */
export function debianVersion(pkg: string): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return 'version unknown';
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The executable's path on $PATH, or null. */
export function onPath(bin: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, bin), constants.X_OK);
      return join(dir, bin);
    } catch {
      // not in this directory
    }
  }
  return null;
}

const atExit = new Set<() => void>();
// Whatever happens to the bench (error, Ctrl-C), the peers it started and their data do not outlive it.
process.once('exit', () => atExit.forEach((f) => f()));

/** Runs f (synchronous) when the bench exits, unless the returned function is called first. */
export function onExit(f: () => void): () => void {
  atExit.add(f);
  return () => void atExit.delete(f);
}

/** A temporary directory, removed by the returned function or at exit. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  const rm = () => rmSync(path, { recursive: true, force: true });
  const forget = onExit(rm);
  return { path, remove: () => (forget(), rm()) };
}

/** A started peer process: its pid, the tail of its output, and stop() (SIGTERM, SIGKILL after 20 s). */
export interface Daemon {
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts bin with args and waits until GET readyUrl answers 200 (or throws with the process's output). */
export async function startDaemon(bin: string, args: string[], readyUrl: string): Promise<Daemon> {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (c: Buffer) => (out = (out + c.toString('utf8')).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((res) => child.once('exit', () => ((exited = true), res())));
  const kill = () => void child.kill('SIGKILL');
  const forget = onExit(kill);
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await Promise.race([exit, sleep(20_000).then(kill)]);
      await exit;
    }
    forget();
  };
  for (let t = 0; t < 300; t++) {
    if (exited) break;
    const ok = await fetch(readyUrl).then((r) => r.ok, () => false);
    if (ok) return { pid: child.pid!, output: () => out, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`${bin} did not become ready at ${readyUrl}:\n${out}`);
}

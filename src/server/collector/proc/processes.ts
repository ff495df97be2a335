import { readdir, readlink } from 'node:fs/promises';
import { parseKeyValues, readProc } from './system';

/** Clock ticks per second of /proc times; 100 on every mainstream Linux build (USER_HZ). */
export const CLK_TCK = 100;

/** The fields of /proc/<pid>/stat the collector uses (times in ticks). */
export interface PidStat {
  pid: number;
  comm: string;
  ppid: number;
  minflt: number;
  majflt: number;
  utime: number;
  stime: number;
  threads: number;
  starttime: number;
}

/** Parses /proc/<pid>/stat; the command name may hold spaces and parentheses, so split at the last ')'. */
export function parsePidStat(text: string): PidStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const f = text.slice(close + 2).trim().split(/\s+/).map(Number);
  // f[0] is field 3 (state, NaN here) of proc(5).
  return {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    ppid: f[1] ?? 0,
    minflt: f[7] ?? 0,
    majflt: f[9] ?? 0,
    utime: f[11] ?? 0,
    stime: f[12] ?? 0,
    threads: f[17] ?? 0,
    starttime: f[19] ?? 0,
  };
}

/** Parses a "Key:\tvalue" file such as /proc/<pid>/status into strings. */
export function parseStatus(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

/** kB value of a status field ("12345 kB") in bytes. */
export function statusBytes(status: Record<string, string>, key: string): number {
  return (Number.parseInt(status[key] ?? '0', 10) || 0) * 1024;
}

/** One process as read at one instant: cumulative counters, used to compute per-interval deltas. */
export interface ProcessReading {
  pid: number;
  /** Epoch seconds. */
  createTime: number;
  name: string;
  args: string | null;
  ppid: number;
  cpuTicks: number;
  faults: number;
  threads: number;
  rss: number;
  readBytes: number | null;
  writeBytes: number | null;
  /** Socket inodes of the process's descriptors. */
  sockets: number[];
  /** Paths its descriptors point at (files, not pipes, sockets or anon inodes). */
  files: string[];
  fdCount: number;
}

/** Reads one process; null when it ended while being read. */
export async function readProcess(pid: number, btime: number): Promise<ProcessReading | null> {
  const base = `/proc/${pid}`;
  const [statText, statusText, ioText, cmdline] = await Promise.all([
    readProc(`${base}/stat`),
    readProc(`${base}/status`),
    readProc(`${base}/io`),
    readProc(`${base}/cmdline`),
  ]);
  const st = parsePidStat(statText);
  if (!st) return null;
  const status = parseStatus(statusText);
  const io = ioText ? parseKeyValues(ioText.replaceAll(':', '')) : null;
  const fds = await readFds(`${base}/fd`);
  const argv = cmdline.split('\0').filter(Boolean);
  return {
    pid,
    createTime: btime + Math.floor(st.starttime / CLK_TCK),
    name: (status.Name || st.comm || String(pid)).slice(0, 255),
    args: argv.length > 1 ? argv.slice(1).join(' ').slice(0, 4096) : null,
    ppid: st.ppid,
    cpuTicks: st.utime + st.stime,
    faults: st.minflt + st.majflt,
    threads: st.threads,
    rss: statusBytes(status, 'VmRSS'),
    readBytes: io?.rchar ?? null,
    writeBytes: io?.wchar ?? null,
    ...fds,
  };
}

async function readFds(dir: string): Promise<Pick<ProcessReading, 'sockets' | 'files' | 'fdCount'>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { sockets: [], files: [], fdCount: 0 };
  }
  const sockets: number[] = [];
  const files: string[] = [];
  await Promise.all(
    names.map(async (n) => {
      try {
        const target = await readlink(`${dir}/${n}`);
        const sock = /^socket:\[(\d+)\]$/.exec(target);
        if (sock) sockets.push(Number(sock[1]));
        else if (target.startsWith('/')) files.push(target);
      } catch {
        /* closed meanwhile */
      }
    }),
  );
  return { sockets, files, fdCount: names.length };
}

/** Numeric entries of /proc (or of /proc/<pid>/task). */
export async function listPids(dir = '/proc'): Promise<number[]> {
  try {
    return (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return [];
  }
}

/** Reads every process of the host. */
export async function readAllProcesses(btime: number): Promise<ProcessReading[]> {
  const pids = await listPids();
  const all = await Promise.all(pids.map((p) => readProcess(p, btime)));
  return all.filter((p): p is ProcessReading => p !== null);
}

/** The thread detail strings of the protocol, one per task of the process (capped). */
export async function readThreads(pid: number, btime: number, max = 100): Promise<
  { TID: string; StackSize: string; CreateTime: string; KernelTime: string; UserTime: string }[]
> {
  const tids = (await listPids(`/proc/${pid}/task`)).slice(0, max);
  const stack = statusBytes(parseStatus(await readProc(`/proc/${pid}/status`)), 'VmStk');
  const out = await Promise.all(
    tids.map(async (tid) => {
      const st = parsePidStat(await readProc(`/proc/${pid}/task/${tid}/stat`));
      if (!st) return null;
      return {
        TID: String(tid),
        StackSize: String(stack),
        CreateTime: String(btime + Math.floor(st.starttime / CLK_TCK)),
        KernelTime: (st.stime / CLK_TCK).toFixed(2),
        UserTime: (st.utime / CLK_TCK).toFixed(2),
      };
    }),
  );
  return out.filter((t) => t !== null);
}

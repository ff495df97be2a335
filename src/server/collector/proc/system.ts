import { readFile, statfs } from 'node:fs/promises';

/** Cumulative jiffies of one CPU line of /proc/stat. */
export interface CpuTimes {
  total: number;
  idle: number;
}

/** The parts of /proc/stat the collector uses. */
export interface ProcStat {
  cpu: CpuTimes;
  cores: Record<string, CpuTimes>;
  /** Boot time, epoch seconds. */
  btime: number;
}

/** Parses /proc/stat: aggregate and per-core CPU times, boot time. */
export function parseProcStat(text: string): ProcStat {
  const out: ProcStat = { cpu: { total: 0, idle: 0 }, cores: {}, btime: 0 };
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    const key = f[0] ?? '';
    if (key.startsWith('cpu')) {
      const v = f.slice(1, 9).map(Number);
      // idle + iowait count as idle; guest time is already included in user/nice.
      const idle = (v[3] ?? 0) + (v[4] ?? 0);
      const total = v.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
      if (key === 'cpu') out.cpu = { total, idle };
      else out.cores[key.slice(3)] = { total, idle };
    } else if (key === 'btime') out.btime = Number(f[1] ?? 0);
  }
  return out;
}

/** Busy percent between two CPU samples (0 when no time elapsed). */
export function cpuPercent(prev: CpuTimes, cur: CpuTimes): number {
  const dt = cur.total - prev.total;
  if (dt <= 0) return 0;
  return round2(Math.min(100, Math.max(0, (100 * (dt - (cur.idle - prev.idle))) / dt)));
}

/** Parses /proc/meminfo into bytes per key. */
export function parseMeminfo(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(\w+(?:\(\w+\))?):\s+(\d+)(?:\s+kB)?/.exec(line);
    if (m) out[m[1]!] = Number(m[2]) * (line.includes('kB') ? 1024 : 1);
  }
  return out;
}

/** Used memory in bytes: total minus available (or free+buffers+cached on old kernels). */
export function usedMemory(mem: Record<string, number>): number {
  const total = mem.MemTotal ?? 0;
  const avail = mem.MemAvailable ?? (mem.MemFree ?? 0) + (mem.Buffers ?? 0) + (mem.Cached ?? 0);
  return Math.max(0, total - avail);
}

/** Parses a "key value" file such as /proc/vmstat. */
export function parseKeyValues(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const [k, v] = line.trim().split(/\s+/);
    if (k && v !== undefined) out[k] = Number(v);
  }
  return out;
}

/** Bytes received and sent per interface, from /proc/net/dev. */
export function parseNetDev(text: string): Record<string, { rx: number; tx: number }> {
  const out: Record<string, { rx: number; tx: number }> = {};
  for (const line of text.split('\n').slice(2)) {
    const m = /^\s*([^:]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const f = m[2]!.trim().split(/\s+/).map(Number);
    out[m[1]!.trim()] = { rx: f[0] ?? 0, tx: f[8] ?? 0 };
  }
  return out;
}

/** Milliseconds spent doing I/O per whole disk (partitions, loop and ram devices skipped), /proc/diskstats. */
export function parseDiskstats(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    const name = f[2];
    if (!name || /^(loop|ram|zram|sr|fd)\d*/.test(name)) continue;
    // Partitions: sda1, vda2, nvme0n1p1, mmcblk0p1; dm-* devices are kept (LVM volumes).
    if (/^(sd|vd|xvd|hd)[a-z]+\d+$/.test(name) || /^(nvme\d+n\d+|mmcblk\d+)p\d+$/.test(name)) continue;
    const ioTicks = Number(f[12]);
    if (Number.isFinite(ioTicks)) out[name] = ioTicks;
  }
  return out;
}

const REAL_FS = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'vfat', 'exfat', 'ntfs', 'ntfs3', 'f2fs', 'jfs', 'reiserfs', 'overlay', 'fuseblk', 'nfs', 'nfs4', 'cifs', '9p', 'virtiofs']);

/** Mount points of real filesystems in /proc/mounts (octal escapes decoded, duplicates dropped). */
export function parseMounts(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const f = line.split(' ');
    const [dev, mnt, type] = [f[0] ?? '', f[1] ?? '', f[2] ?? ''];
    if (!REAL_FS.has(type) || (!dev.startsWith('/') && !['overlay', 'zfs', 'nfs', 'nfs4', 'cifs', '9p', 'virtiofs'].includes(type))) continue;
    seen.add(mnt.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))));
  }
  return [...seen];
}

/** Size and free space of a mount, in MB. */
export interface MountSpace {
  totalMb: number;
  freeMb: number;
}

/** Reads the space of each real mount point with statfs; unreadable mounts are skipped. */
export async function readMountSpace(mounts: string[]): Promise<Record<string, MountSpace>> {
  const out: Record<string, MountSpace> = {};
  for (const m of mounts) {
    try {
      const s = await statfs(m);
      const mb = s.bsize / (1024 * 1024);
      if (s.blocks > 0) out[m] = { totalMb: Math.round(s.blocks * mb), freeMb: Math.round(s.bavail * mb) };
    } catch {
      /* a mount we cannot read (permissions, stale network share) */
    }
  }
  return out;
}

/** Reads a /proc file, or '' when it is missing (containers hide some). */
export async function readProc(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

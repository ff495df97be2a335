import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, hostname, networkInterfaces, totalmem } from 'node:os';
import { dirname } from 'node:path';
import type { Registration } from '../../shared/ingest';
import { parseMounts, readMountSpace, readProc } from './proc/system';

/** PRETTY_NAME of /etc/os-release, or '' when absent. */
export function parseOsRelease(text: string): string {
  const m = /^PRETTY_NAME=(.*)$/m.exec(text);
  return m ? m[1]!.trim().replace(/^["']|["']$/g, '') : '';
}

/** Highest "cpu MHz" of /proc/cpuinfo (0 when the kernel does not report it, e.g. on some ARM boards). */
export function parseCpuMhz(text: string): number {
  let best = 0;
  for (const m of text.matchAll(/^cpu MHz\s*:\s*([\d.]+)/gm)) best = Math.max(best, Number(m[1]));
  return Math.round(best);
}

/** Reads the guid kept in the state file, creating and persisting a new one the first time. */
export function loadGuid(file: string): string {
  try {
    const guid = readFileSync(file, 'utf8').trim();
    if (guid) return guid;
  } catch {
    /* first run */
  }
  const guid = randomUUID();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, guid + '\n', { mode: 0o600 });
  return guid;
}

/** The registration record of this host. */
export async function readRegistration(guid: string, host = hostname()): Promise<Registration> {
  const [osRelease, cpuinfo, mounts] = await Promise.all([
    readProc('/etc/os-release').then((t) => t || readProc('/usr/lib/os-release')),
    readProc('/proc/cpuinfo'),
    readProc('/proc/mounts'),
  ]);
  const space = await readMountSpace(parseMounts(mounts));
  const capacity_disks: Record<string, number> = {};
  for (const [m, s] of Object.entries(space)) capacity_disks[m] = s.totalMb;
  const network_interfaces = Object.entries(networkInterfaces())
    .slice(0, 256)
    .map(([name, addrs]) => ({ name, friendly_name: name, ip: (addrs ?? []).map((a) => a.address).slice(0, 64) }));
  return {
    guid,
    hostname: host.slice(0, 255) || 'localhost',
    os: 'Linux',
    os_detail: parseOsRelease(osRelease).slice(0, 255),
    arch: arch(),
    capacity_mem: totalmem(),
    capacity_cpu_num: cpus().length,
    capacity_cpu_freq: parseCpuMhz(cpuinfo) || Math.round(cpus()[0]?.speed ?? 0),
    capacity_disks,
    network_interfaces,
    current_version: 1,
  };
}

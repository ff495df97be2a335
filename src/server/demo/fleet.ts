import type { Registration } from '../../shared/ingest';
import { hash, hashString } from './prng';

/** The role of a server in the demo topology. */
export type Tier = 'lb' | 'web' | 'app' | 'db' | 'cache' | 'batch' | 'mail' | 'dc';
/** The main software a server runs; it decides its processes, port, logs and checks. */
export type Software =
  | 'haproxy' | 'nginx' | 'iis' | 'java' | 'node' | 'postgres' | 'mysql' | 'oracle'
  | 'redis' | 'memcached' | 'cron' | 'exchange' | 'active-directory';
/** Windows, Linux or Solaris, as the collector protocol names them. */
export type Os = Registration['os'];

interface Template {
  name: string;
  tier: Tier;
  os: Os;
  software: Software;
}

/**
 * The 25 servers of the demo fleet. The order matters: any prefix is a working topology (the first
 * two are a web and an app server that talk to each other), so `--servers 2` still connects.
 */
export const ROSTER: readonly Template[] = [
  { name: 'web-01', tier: 'web', os: 'Linux', software: 'nginx' },
  { name: 'app-01', tier: 'app', os: 'Linux', software: 'java' },
  { name: 'db-01', tier: 'db', os: 'Linux', software: 'postgres' },
  { name: 'cache-01', tier: 'cache', os: 'Linux', software: 'redis' },
  { name: 'lb-01', tier: 'lb', os: 'Linux', software: 'haproxy' },
  { name: 'web-02', tier: 'web', os: 'Linux', software: 'nginx' },
  { name: 'app-02', tier: 'app', os: 'Linux', software: 'java' },
  { name: 'db-02', tier: 'db', os: 'Linux', software: 'mysql' },
  { name: 'web-04', tier: 'web', os: 'Windows', software: 'iis' },
  { name: 'app-04', tier: 'app', os: 'Linux', software: 'node' },
  { name: 'db-03', tier: 'db', os: 'Solaris', software: 'oracle' },
  { name: 'cache-02', tier: 'cache', os: 'Linux', software: 'redis' },
  { name: 'web-03', tier: 'web', os: 'Linux', software: 'nginx' },
  { name: 'app-03', tier: 'app', os: 'Linux', software: 'java' },
  { name: 'app-05', tier: 'app', os: 'Linux', software: 'node' },
  { name: 'web-05', tier: 'web', os: 'Windows', software: 'iis' },
  { name: 'db-04', tier: 'db', os: 'Solaris', software: 'postgres' },
  { name: 'cache-03', tier: 'cache', os: 'Linux', software: 'memcached' },
  { name: 'lb-02', tier: 'lb', os: 'Linux', software: 'haproxy' },
  { name: 'web-06', tier: 'web', os: 'Windows', software: 'iis' },
  { name: 'app-06', tier: 'app', os: 'Linux', software: 'node' },
  { name: 'batch-01', tier: 'batch', os: 'Linux', software: 'cron' },
  { name: 'batch-02', tier: 'batch', os: 'Solaris', software: 'cron' },
  { name: 'mail-01', tier: 'mail', os: 'Windows', software: 'exchange' },
  { name: 'dc-01', tier: 'dc', os: 'Windows', software: 'active-directory' },
];

/** The port each software listens on (the server side of its connections). */
export const SERVICE_PORT: Record<Software, number> = {
  haproxy: 443, nginx: 80, iis: 80, java: 8080, node: 3000, postgres: 5432, mysql: 3306, oracle: 1521,
  redis: 6379, memcached: 11211, cron: 0, exchange: 25, 'active-directory': 389,
};

/** One simulated server with everything that does not change minute to minute. */
export interface DemoServer {
  index: number;
  guid: string;
  hostname: string;
  tier: Tier;
  os: Os;
  software: Software;
  ip: string;
  port: number;
  cpuNum: number;
  cpuFreq: number;
  memBytes: number;
  /** Mount point (or drive) to capacity in MB. */
  disks: Record<string, number>;
  physicalDisks: string[];
  interfaces: { name: string; friendly_name: string; ip: string[] }[];
  /** Base CPU percent at the daily peak, before noise and incidents. */
  peakCpu: number;
  /** Base memory use as a fraction of capacity. */
  memFraction: number;
}

/** The whole simulated fleet for a seed. */
export interface Fleet {
  seed: number;
  servers: DemoServer[];
}

const GIB = 1024 ** 3;

const OS_DETAIL: Record<Os, string[]> = {
  Linux: ['Ubuntu 22.04.4 LTS', 'Debian GNU/Linux 12 (bookworm)', 'Red Hat Enterprise Linux 9.3'],
  Windows: ['Windows Server 2019 Datacenter', 'Windows Server 2022 Standard'],
  Solaris: ['Oracle Solaris 11.4 SRU 63'],
};

function sizing(t: Template): { cpuNum: number; memGiB: number; peakCpu: number; memFraction: number } {
  switch (t.tier) {
    // Peaks stay below the default alerts (CPU 75%, memory 90%): only the incidents cross them.
    case 'db': return { cpuNum: 16, memGiB: 64, peakCpu: 50, memFraction: 0.74 };
    case 'app': return { cpuNum: 8, memGiB: 32, peakCpu: 52, memFraction: 0.62 };
    case 'cache': return { cpuNum: 4, memGiB: 32, peakCpu: 30, memFraction: 0.7 };
    case 'web': return { cpuNum: 4, memGiB: 8, peakCpu: 45, memFraction: 0.45 };
    case 'lb': return { cpuNum: 2, memGiB: 4, peakCpu: 35, memFraction: 0.3 };
    case 'batch': return { cpuNum: 8, memGiB: 16, peakCpu: 40, memFraction: 0.5 };
    default: return { cpuNum: 4, memGiB: 16, peakCpu: 25, memFraction: 0.55 };
  }
}

function disksOf(t: Template): { disks: Record<string, number>; physical: string[] } {
  if (t.os === 'Windows') return { disks: { 'C:': 122_880, 'D:': 512_000 }, physical: ['0 C:', '1 D:'] };
  if (t.os === 'Solaris') {
    return { disks: { '/': 65_536, '/var': 131_072, '/u01': 1_048_576 }, physical: ['sd0', 'sd1'] };
  }
  const data: Record<string, string> = {
    db: t.software === 'mysql' ? '/var/lib/mysql' : '/var/lib/postgresql',
    cache: '/var/lib/redis',
    app: '/srv',
    batch: '/data',
  };
  const disks: Record<string, number> = { '/': 51_200, '/boot': 1_024, '/var/log': 20_480 };
  const mount = data[t.tier];
  if (mount) disks[mount] = t.tier === 'db' ? 512_000 : 204_800;
  return { disks, physical: mount ? ['sda', 'sdb'] : ['sda'] };
}

/** The i-th address of the fleet, in 10.20.0.0/16. */
export function fleetIp(i: number): string {
  const n = i + 11;
  return `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

function makeServer(seed: number, i: number): DemoServer {
  const t = ROSTER[i % ROSTER.length]!;
  const round = Math.floor(i / ROSTER.length);
  const hostname = round === 0 ? t.name : `${t.name}-${String(round + 1).padStart(3, '0')}`;
  const s = sizing(t);
  const { disks, physical } = disksOf(t);
  const ip = fleetIp(i);
  const nic = t.os === 'Windows' ? 'Ethernet0' : t.os === 'Solaris' ? 'net0' : 'eth0';
  return {
    index: i,
    guid: `demo-${seed}-${hostname}`,
    hostname,
    tier: t.tier,
    os: t.os,
    software: t.software,
    ip,
    port: SERVICE_PORT[t.software],
    cpuNum: s.cpuNum,
    cpuFreq: t.os === 'Solaris' ? 3600 : [2400, 2600, 2900][hash(seed, i, 7) % 3]!,
    memBytes: s.memGiB * GIB,
    disks,
    physicalDisks: physical,
    interfaces: [
      { name: nic, friendly_name: t.os === 'Windows' ? 'Ethernet0' : nic, ip: [ip] },
      { name: t.os === 'Windows' ? 'Loopback' : 'lo', friendly_name: 'Loopback', ip: ['127.0.0.1'] },
    ],
    peakCpu: s.peakCpu * (0.85 + (hash(seed, i, 11) % 30) / 100),
    memFraction: s.memFraction,
  };
}

/** Builds the fleet of `count` servers for a seed; the same arguments always give the same fleet. */
export function buildFleet(count: number, seed = 1): Fleet {
  const servers: DemoServer[] = [];
  for (let i = 0; i < count; i++) servers.push(makeServer(seed >>> 0, i));
  return { seed: seed >>> 0, servers };
}

/** The registration a collector would send for this server. */
export function registrationOf(s: DemoServer, seed: number): Registration {
  const details = OS_DETAIL[s.os];
  return {
    guid: s.guid,
    hostname: s.hostname,
    os: s.os,
    os_detail: details[hashString(s.hostname + seed) % details.length]!,
    arch: s.os === 'Solaris' ? 'sparcv9' : 'x86_64',
    capacity_mem: s.memBytes,
    capacity_cpu_num: s.cpuNum,
    capacity_cpu_freq: s.cpuFreq,
    capacity_disks: s.disks,
    network_interfaces: s.interfaces,
    current_version: 3,
  };
}

/** Servers of a tier, in fleet order. */
export function serversOfTier(fleet: Fleet, tier: Tier): DemoServer[] {
  return fleet.servers.filter((s) => s.tier === tier);
}

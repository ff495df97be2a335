import { z } from 'zod';
import type { Registration, ServerSample } from '../../shared/ingest';
import type { PromExposition, PromSample } from './prom-text';

/**
 * Turns what node_exporter serves into what our collector sends: the server's registration and the
 * sample of one interval. Counters (CPU seconds, disk and network bytes) become values of the
 * interval from two scrapes: the caller keeps `ScrapeCounters` of the previous one. Pure: the same
 * exposition and counters always give the same answer.
 */

/** Filesystems that are not disks (memory, container layers, pseudo filesystems). */
const SKIPPED_FS = new Set(['tmpfs', 'overlay', 'devtmpfs', 'ramfs', 'squashfs', 'nsfs', 'autofs', 'proc', 'sysfs', 'cgroup', 'cgroup2']);
const MB = 1024 * 1024;

const cpuTimes = z.object({ idle: z.number(), total: z.number() });
const diskCounters = z.object({ busy: z.number(), read: z.number(), written: z.number() });
const netCounters = z.object({ rx: z.number(), tx: z.number() });

/** The counters of one scrape, kept (in the target's row) for the rates of the next. */
export const scrapeCounters = z.object({
  /** When the scrape was made, epoch milliseconds. */
  at: z.number(),
  cpu: z.record(z.string(), cpuTimes),
  disk: z.record(z.string(), diskCounters),
  net: z.record(z.string(), netCounters),
});
export type ScrapeCounters = z.infer<typeof scrapeCounters>;

export interface NodeReading {
  registration: Registration;
  counters: ScrapeCounters;
  /** The interval's sample; null on a first scrape, or after the counters were reset (node_exporter or host restarted). */
  sample: ServerSample | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function byName(e: PromExposition): Map<string, PromSample[]> {
  const m = new Map<string, PromSample[]>();
  for (const s of e.samples) {
    const list = m.get(s.name);
    if (list) list.push(s);
    else m.set(s.name, [s]);
  }
  return m;
}

/**
 * Sums a metric's finite values by one label (samples without it are skipped). Label values are the
 * scraped host's text: records are built from entries (own properties, even for "__proto__").
 */
function sumBy(m: Map<string, PromSample[]>, name: string, label: string, keep: (s: PromSample) => boolean = () => true): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of m.get(name) ?? []) {
    const k = s.labels[label];
    if (k === undefined || !Number.isFinite(s.value) || !keep(s)) continue;
    out.set(k, (out.get(k) ?? 0) + s.value);
  }
  return out;
}

const record = <T>(entries: Iterable<readonly [string, T]>): Record<string, T> => Object.fromEntries(entries);

const first = (m: Map<string, PromSample[]>, name: string) => m.get(name)?.[0];
const gauge = (m: Map<string, PromSample[]>, name: string) => {
  const v = first(m, name)?.value;
  return v !== undefined && Number.isFinite(v) ? v : null;
};

function osOf(sysname: string): Registration['os'] {
  if (sysname === 'Windows' || sysname.startsWith('MINGW')) return 'Windows';
  if (sysname === 'SunOS') return 'Solaris';
  return 'Linux';
}

function registration(m: Map<string, PromSample[]>, guid: string, fallbackHost: string, cpus: number, disks: Record<string, number>, ifaces: string[]): Registration {
  const uname = first(m, 'node_uname_info')?.labels ?? {};
  const os = first(m, 'node_os_info')?.labels ?? {};
  const sysname = uname.sysname ?? 'Linux';
  const detail = [os.pretty_name ?? '', `${sysname} ${uname.release ?? ''}`.trim()].filter(Boolean).join(', ');
  const freq = Math.max(0, ...sumBy(m, 'node_cpu_scaling_frequency_max_hertz', 'cpu').values());
  return {
    guid,
    hostname: (uname.nodename || fallbackHost).slice(0, 255),
    os: osOf(sysname),
    os_detail: detail.slice(0, 255),
    arch: (uname.machine ?? '').slice(0, 64),
    capacity_mem: Math.max(0, Math.round(gauge(m, 'node_memory_MemTotal_bytes') ?? 0)),
    capacity_cpu_num: cpus,
    capacity_cpu_freq: Math.round(freq / 1e6),
    capacity_disks: disks,
    network_interfaces: ifaces.slice(0, 256).map((name) => ({ name: name.slice(0, 255), friendly_name: name.slice(0, 255), ip: [] })),
    current_version: 1,
  };
}

function counters(m: Map<string, PromSample[]>, atMs: number): ScrapeCounters {
  const total = sumBy(m, 'node_cpu_seconds_total', 'cpu');
  // idle + iowait count as idle, as our collector reads /proc/stat.
  const idle = sumBy(m, 'node_cpu_seconds_total', 'cpu', (s) => s.labels.mode === 'idle' || s.labels.mode === 'iowait');
  const cpu = record([...total].map(([c, t]) => [c, { idle: idle.get(c) ?? 0, total: t }] as const));
  const busy = sumBy(m, 'node_disk_io_time_seconds_total', 'device');
  const read = sumBy(m, 'node_disk_read_bytes_total', 'device');
  const written = sumBy(m, 'node_disk_written_bytes_total', 'device');
  const devices = new Set([...busy.keys(), ...read.keys(), ...written.keys()]);
  const disk = record([...devices].map((d) => [d, { busy: busy.get(d) ?? 0, read: read.get(d) ?? 0, written: written.get(d) ?? 0 }] as const));
  const rx = sumBy(m, 'node_network_receive_bytes_total', 'device');
  const tx = sumBy(m, 'node_network_transmit_bytes_total', 'device');
  const ifaces = [...new Set([...rx.keys(), ...tx.keys()])].filter((i) => i !== 'lo');
  const net = record(ifaces.map((i) => [i, { rx: rx.get(i) ?? 0, tx: tx.get(i) ?? 0 }] as const));
  return { at: atMs, cpu, disk, net };
}

/** Space per mount point in MB (total and available), real filesystems only. */
function filesystems(m: Map<string, PromSample[]>): Record<string, { totalMb: number; freeMb: number }> {
  const real = (s: PromSample) => !SKIPPED_FS.has(s.labels.fstype ?? '');
  const size = sumBy(m, 'node_filesystem_size_bytes', 'mountpoint', real);
  const avail = sumBy(m, 'node_filesystem_avail_bytes', 'mountpoint', real);
  const kept = [...size].filter(([, bytes]) => bytes > 0);
  return record(kept.map(([mnt, bytes]) => [mnt.slice(0, 256), { totalMb: Math.round(bytes / MB), freeMb: Math.round((avail.get(mnt) ?? 0) / MB) }] as const));
}

const cpuBusy = (prev: { idle: number; total: number }, cur: { idle: number; total: number }) => {
  const dt = cur.total - prev.total;
  if (dt <= 0) return 0;
  return round2(Math.min(100, Math.max(0, (100 * (dt - (cur.idle - prev.idle))) / dt)));
};

/** Whether any counter went backwards: node_exporter or the host restarted, and no rate is to be had. */
function wasReset(prev: ScrapeCounters, cur: ScrapeCounters): boolean {
  const down = <T>(a: Record<string, T>, b: Record<string, T>, f: (x: T) => number[]) =>
    Object.entries(b).some(([k, v]) => {
      const p = Object.hasOwn(a, k) ? a[k] : undefined;
      return p !== undefined && f(v).some((x, i) => x < f(p)[i]!);
    });
  return (
    down(prev.cpu, cur.cpu, (c) => [c.total]) ||
    down(prev.disk, cur.disk, (d) => [d.busy, d.read, d.written]) ||
    down(prev.net, cur.net, (n) => [n.rx, n.tx])
  );
}

/**
 * Reads one scrape. `prev` is the previous scrape's counters (null on the first): rates are taken over
 * the time between the two and expressed per minute, as a collector's one-minute batch carries them.
 */
export function readNodeExporter(e: PromExposition, opts: { guid: string; fallbackHost: string; atMs: number; prev: ScrapeCounters | null }): NodeReading {
  const m = byName(e);
  const cur = counters(m, opts.atMs);
  const fs = filesystems(m);
  const capacityDisks = Object.fromEntries(Object.entries(fs).map(([k, v]) => [k, v.totalMb]));
  const reg = registration(m, opts.guid, opts.fallbackHost, Object.keys(cur.cpu).length, capacityDisks, Object.keys(cur.net));
  const prev = opts.prev;
  const seconds = prev ? (cur.at - prev.at) / 1000 : 0;
  if (!prev || seconds <= 0 || wasReset(prev, cur)) return { registration: reg, counters: cur, sample: null };

  const perMinute = (now: number, before: number | undefined) => (before === undefined ? 0 : Math.round(((now - before) / seconds) * 60));
  let all = { idle: 0, total: 0 };
  let allPrev = { idle: 0, total: 0 };
  const cores = new Map<string, number>();
  for (const [c, t] of Object.entries(cur.cpu)) {
    const p = Object.hasOwn(prev.cpu, c) ? prev.cpu[c] : undefined;
    if (!p) continue;
    cores.set(c, cpuBusy(p, t));
    all = { idle: all.idle + t.idle, total: all.total + t.total };
    allPrev = { idle: allPrev.idle + p.idle, total: allPrev.total + p.total };
  }
  const busy = new Map<string, number>();
  let fileRead = 0;
  let fileWrite = 0;
  for (const [d, c] of Object.entries(cur.disk)) {
    const p = Object.hasOwn(prev.disk, d) ? prev.disk[d] : undefined;
    if (!p) continue;
    busy.set(d.slice(0, 256), round2(Math.min(100, (100 * (c.busy - p.busy)) / seconds)));
    fileRead += perMinute(c.read, p.read);
    fileWrite += perMinute(c.written, p.written);
  }
  const before = (i: string) => (Object.hasOwn(prev.net, i) ? prev.net[i] : undefined);
  const readPart = record(Object.entries(cur.net).map(([i, c]) => [i.slice(0, 256), perMinute(c.rx, before(i)?.rx)] as const));
  const writePart = record(Object.entries(cur.net).map(([i, c]) => [i.slice(0, 256), perMinute(c.tx, before(i)?.tx)] as const));
  const memTotal = gauge(m, 'node_memory_MemTotal_bytes') ?? 0;
  const memAvail = gauge(m, 'node_memory_MemAvailable_bytes') ?? memTotal;
  let total = 0;
  let free = 0;
  for (const s of Object.values(fs)) {
    total += s.totalMb;
    free += s.freeMb;
  }
  const disk = record(Object.entries(fs).map(([mnt, s]) => [mnt, s.freeMb] as const));
  const diskPart = record(Object.entries(fs).map(([mnt, s]) => [mnt, s.totalMb > 0 ? round2((100 * (s.totalMb - s.freeMb)) / s.totalMb) : 0] as const));
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  const sample: ServerSample = {
    cpu: cpuBusy(allPrev, all),
    cpu_cores: record(cores),
    memory: Math.max(0, Math.round(memTotal - memAvail)),
    disk,
    disk_percent: total > 0 ? round2((100 * (total - free)) / total) : 0,
    disk_percent_part: diskPart,
    disk_busy: record(busy),
    socket_read: sum(readPart),
    socket_read_part: readPart,
    socket_write: sum(writePart),
    socket_write_part: writePart,
    file_read: fileRead,
    file_write: fileWrite,
  };
  return { registration: reg, counters: cur, sample };
}

import type { Batch, ServerSample } from '../../shared/ingest';
import { diskUsedPercent } from './disks';
import type { DemoServer, Fleet } from './fleet';
import { activeIncident } from './incidents';
import { noisyLoad } from './load';
import { noise, rand } from './prng';
import type { LiveProcess } from './processes';

/** What the minute's connections add up to on this server. */
export interface Traffic {
  read: number;
  write: number;
  sockets: number;
  /** Requests this server answered, and their average response time (microseconds). */
  responses: number;
  latencyUs: number;
  logTotal: number;
  logCritical: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const r2 = (x: number) => Math.round(x * 100) / 100;

/** CPU percent of the server: the daily cycle, noise, and the CPU-spike and crash-loop incidents. */
export function serverCpu(fleet: Fleet, s: DemoServer, minute: number): number {
  const load = noisyLoad(fleet.seed, s, minute);
  let cpu = 2 + s.peakCpu * load + 2 * noise(fleet.seed, s.index, minute, 103);
  if (activeIncident(fleet, 'cpu_spike', s, minute)) cpu = 93 + 6 * rand(fleet.seed, s.index, minute, 104);
  if (activeIncident(fleet, 'crash_loop', s, minute)) cpu += 18;
  return r2(clamp(cpu, 0.5, 100));
}

/** The server data record of a minute. */
export function serverSample(fleet: Fleet, s: DemoServer, minute: number, procs: LiveProcess[], t: Traffic): ServerSample {
  const seed = fleet.seed;
  const load = noisyLoad(seed, s, minute);
  const cpu = serverCpu(fleet, s, minute);
  const cores: Record<string, number> = {};
  for (let c = 0; c < s.cpuNum; c++) cores[`cpu${c}`] = r2(clamp(cpu * (0.7 + 0.6 * rand(seed, s.index, minute, c, 105)), 0, 100));
  const disk: Record<string, number> = {};
  const diskPart: Record<string, number> = {};
  let used = 0;
  let total = 0;
  for (const [mount, cap] of Object.entries(s.disks)) {
    const pct = diskUsedPercent(fleet, s, mount, minute);
    diskPart[mount] = pct;
    disk[mount] = Math.round(cap * (1 - pct / 100));
    used += (cap * pct) / 100;
    total += cap;
  }
  const busy: Record<string, number> = {};
  s.physicalDisks.forEach((d, i) => {
    busy[d] = r2(clamp(3 + (s.tier === 'db' ? 55 : 20) * load * (i ? 1 : 0.4) + 3 * noise(seed, s.index, minute, i, 106), 0, 100));
  });
  const [nic, lo] = s.interfaces;
  const memory = Math.round(s.memBytes * clamp(s.memFraction + 0.1 * load + 0.01 * noise(seed, s.index, minute, 107), 0.05, 0.99));
  return {
    cpu,
    cpu_cores: cores,
    memory,
    disk,
    disk_percent: r2((used / total) * 100),
    disk_percent_part: diskPart,
    disk_busy: busy,
    page_faults: Math.round(150 + 4000 * load * (1 + 0.2 * noise(seed, s.index, minute, 108))),
    process_num: procs.length,
    thread_num: procs.reduce((n, p) => n + p.def.threads, 0),
    socket_read: t.read,
    socket_read_part: { [nic!.name]: Math.round(t.read * 0.98), [lo!.name]: Math.round(t.read * 0.02) },
    socket_write: t.write,
    socket_write_part: { [nic!.name]: Math.round(t.write * 0.98), [lo!.name]: Math.round(t.write * 0.02) },
    file_read: Math.round(2e6 + 4e7 * load * (s.tier === 'db' ? 5 : 1)),
    file_write: Math.round(1e6 + 2e7 * load * (s.tier === 'db' ? 4 : 1)),
    file_num: 400 + Math.round(600 * load),
    ...(s.os === 'Windows' ? { registry_num: 1500 + Math.round(2000 * load) } : {}),
    socket_num: t.sockets,
    response_num: t.responses,
    avg_response_time: t.latencyUs,
  };
}

/** Per-process records: the server's CPU shared by weight, memory by size, traffic on the service process. */
export function processSamples(fleet: Fleet, s: DemoServer, minute: number, procs: LiveProcess[], service: LiveProcess, t: Traffic, cpu: number): Batch['processes'] {
  const seed = fleet.seed;
  const load = noisyLoad(seed, s, minute);
  const weights = procs.reduce((n, p) => n + p.def.weight, 0) || 1;
  return procs.map((p, i) => {
    const mine = p === service;
    const w = p.def.weight * (0.85 + 0.3 * rand(seed, s.index, minute, i, 111));
    return {
      pid: p.pid,
      create_time: p.create_time,
      name: p.def.name,
      args: p.def.args,
      cpu: r2((cpu * 0.92 * w) / weights),
      memory: Math.round(p.def.memMB * 1024 * 1024 * (0.9 + 0.15 * load)),
      page_faults: Math.round(p.def.weight * 40 * load),
      thread_num: p.def.threads,
      // Counters that are zero are left out (a missing field means no value), which halves the batch.
      ...(mine ? { socket_read: t.read, socket_write: t.write, socket_num: t.sockets, critical_log: t.logCritical, total_log: t.logTotal } : {}),
      ...(p.def.files.length
        ? { file_read: Math.round(p.def.files.length * 20_000 * load), file_write: Math.round(p.def.files.length * 8_000 * load), file_num: p.def.files.length }
        : {}),
      ...(mine && t.responses ? { avg_response_time: t.latencyUs, response_num: t.responses } : {}),
    };
  });
}

/** Files and threads of each process, every ten minutes and when a process has just started. */
export function processDetails(s: DemoServer, minute: number, procs: LiveProcess[]): Batch['process_details'] {
  const every = minute % 600 === 0;
  return procs
    .filter((p) => every || p.create_time >= minute - 60)
    .map((p) => ({
      pid: p.pid,
      create_time: p.create_time,
      files: p.def.files,
      threads: Array.from({ length: Math.min(p.def.threads, 6) }, (_, k) => ({
        TID: String(s.os === 'Windows' ? p.pid + 4 * (k + 1) : p.pid + k),
        StackSize: s.os === 'Windows' ? '1048576' : '8388608',
        CreateTime: String(p.create_time + k),
        KernelTime: String(Math.round((minute - p.create_time) * 0.002 * (k + 1))),
        UserTime: String(Math.round((minute - p.create_time) * 0.01 * p.def.weight)),
      })),
    }));
}

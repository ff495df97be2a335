import { cpus } from 'node:os';
import type { z } from 'zod';
import type { Connection, ProcessSample, ServerSample, processDetail } from '../../shared/ingest';
import { readAllProcesses, readThreads, CLK_TCK, type ProcessReading } from './proc/processes';
import {
  cpuPercent,
  parseDiskstats,
  parseKeyValues,
  parseMeminfo,
  parseMounts,
  parseNetDev,
  parseProcStat,
  readMountSpace,
  readProc,
  round2,
  usedMemory,
  type ProcStat,
} from './proc/system';
import { classifyConnections, readTcpSockets } from './proc/tcp';

/** Caps that keep one batch small on a busy host. */
export interface SamplerLimits {
  maxProcesses: number;
  maxDetails: number;
  maxFilesPerProcess: number;
  maxThreadsPerProcess: number;
  maxConnections: number;
}

export const DEFAULT_LIMITS: SamplerLimits = {
  maxProcesses: 200,
  maxDetails: 50,
  maxFilesPerProcess: 200,
  maxThreadsPerProcess: 100,
  maxConnections: 5000,
};

interface Snapshot {
  at: number;
  stat: ProcStat;
  pgfault: number;
  net: Record<string, { rx: number; tx: number }>;
  disk: Record<string, number>;
  procs: Map<string, ProcessReading>;
}

type ProcessDetail = z.infer<typeof processDetail>;

/** What one interval of host sampling yields: the parts of a batch read from /proc. */
export interface HostSample {
  server: ServerSample;
  processes: ProcessSample[];
  process_details: ProcessDetail[];
  connections: Connection[];
}

const key = (p: { pid: number; createTime: number }) => `${p.pid}:${p.createTime}`;

async function snapshot(): Promise<Snapshot> {
  const [statText, vmstat, netText, diskText] = await Promise.all([
    readProc('/proc/stat'),
    readProc('/proc/vmstat'),
    readProc('/proc/net/dev'),
    readProc('/proc/diskstats'),
  ]);
  const stat = parseProcStat(statText);
  const procs = await readAllProcesses(stat.btime);
  return {
    at: Date.now(),
    stat,
    pgfault: parseKeyValues(vmstat).pgfault ?? 0,
    net: parseNetDev(netText),
    disk: parseDiskstats(diskText),
    procs: new Map(procs.map((p) => [key(p), p])),
  };
}

const delta = (cur: number, prev: number | undefined) => Math.max(0, cur - (prev ?? 0));

/** Reads the host each interval and turns cumulative /proc counters into per-interval values. */
export class HostSampler {
  private prev: Snapshot | null = null;
  constructor(private readonly limits: SamplerLimits = DEFAULT_LIMITS) {}

  /** Samples the host; the first call takes a short baseline so that its deltas are real. */
  async sample(): Promise<HostSample> {
    if (!this.prev) {
      this.prev = await snapshot();
      await new Promise((r) => setTimeout(r, 500));
    }
    const prev = this.prev;
    const cur = await snapshot();
    this.prev = cur;
    const seconds = Math.max(0.001, (cur.at - prev.at) / 1000);
    const procs = this.processSamples(prev, cur, seconds);
    const kept = procs.slice(0, this.limits.maxProcesses);
    const keptReadings = kept.map((p) => cur.procs.get(`${p.pid}:${p.create_time}`)!);
    const connections = this.connections(keptReadings, await readTcpSockets());
    const server = await this.serverSample(prev, cur, seconds, procs, connections.length);
    const details = await Promise.all(
      keptReadings.slice(0, this.limits.maxDetails).map(async (r) => ({
        pid: r.pid,
        create_time: r.createTime,
        files: r.files.slice(0, this.limits.maxFilesPerProcess),
        threads: await readThreads(r.pid, cur.stat.btime, this.limits.maxThreadsPerProcess),
      })),
    );
    return { server, processes: kept, process_details: details, connections };
  }

  private processSamples(prev: Snapshot, cur: Snapshot, seconds: number): ProcessSample[] {
    const cores = Math.max(1, Object.keys(cur.stat.cores).length || cpus().length);
    const out: ProcessSample[] = [];
    for (const r of cur.procs.values()) {
      const p = prev.procs.get(key(r));
      // A process born during the interval counts from zero; one seen before counts from its last reading.
      const base = p ?? { cpuTicks: 0, faults: 0, readBytes: 0, writeBytes: 0 };
      out.push({
        pid: r.pid,
        create_time: r.createTime,
        name: r.name,
        args: r.args,
        cpu: round2(Math.min(100, (100 * delta(r.cpuTicks, base.cpuTicks)) / CLK_TCK / seconds / cores)),
        memory: r.rss,
        page_faults: delta(r.faults, base.faults),
        thread_num: r.threads,
        socket_num: r.sockets.length,
        file_num: r.files.length,
        ...(r.readBytes !== null ? { file_read: delta(r.readBytes, base.readBytes ?? 0) } : {}),
        ...(r.writeBytes !== null ? { file_write: delta(r.writeBytes, base.writeBytes ?? 0) } : {}),
      });
    }
    return out.sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0) || (b.memory ?? 0) - (a.memory ?? 0) || a.pid - b.pid);
  }

  private connections(kept: ProcessReading[], sockets: Awaited<ReturnType<typeof readTcpSockets>>): Connection[] {
    const owner = new Map<number, ProcessReading>();
    for (const r of kept) for (const inode of r.sockets) owner.set(inode, r);
    const out: Connection[] = [];
    for (const c of classifyConnections(sockets)) {
      const o = owner.get(c.inode);
      if (!o || out.length >= this.limits.maxConnections) continue;
      out.push({
        pid: o.pid,
        create_time: o.createTime,
        role: c.role,
        local_ip: c.localIp,
        local_port: c.localPort,
        peer_ip: c.peerIp,
        peer_port: c.peerPort,
        state: c.state,
        sent: 0,
        recv: 0,
        responses: 0,
        response_time_us: 0,
      });
    }
    return out;
  }

  private async serverSample(prev: Snapshot, cur: Snapshot, seconds: number, procs: ProcessSample[], socketNum: number): Promise<ServerSample> {
    const [meminfo, mounts] = await Promise.all([readProc('/proc/meminfo'), readProc('/proc/mounts')]);
    const space = await readMountSpace(parseMounts(mounts));
    const disk: Record<string, number> = {};
    const diskPart: Record<string, number> = {};
    let total = 0;
    let free = 0;
    for (const [m, s] of Object.entries(space)) {
      disk[m] = s.freeMb;
      diskPart[m] = s.totalMb > 0 ? round2((100 * (s.totalMb - s.freeMb)) / s.totalMb) : 0;
      total += s.totalMb;
      free += s.freeMb;
    }
    const cores: Record<string, number> = {};
    for (const [c, t] of Object.entries(cur.stat.cores)) {
      const p = prev.stat.cores[c];
      if (p) cores[c] = cpuPercent(p, t);
    }
    const busy: Record<string, number> = {};
    for (const [d, ticks] of Object.entries(cur.disk)) {
      busy[d] = round2(Math.min(100, delta(ticks, prev.disk[d]) / 10 / seconds));
    }
    const readPart: Record<string, number> = {};
    const writePart: Record<string, number> = {};
    for (const [i, v] of Object.entries(cur.net)) {
      if (i === 'lo') continue;
      readPart[i] = delta(v.rx, prev.net[i]?.rx);
      writePart[i] = delta(v.tx, prev.net[i]?.tx);
    }
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    const sumOf = (k: 'file_read' | 'file_write' | 'file_num' | 'thread_num') => procs.reduce((a, p) => a + (p[k] ?? 0), 0);
    return {
      cpu: cpuPercent(prev.stat.cpu, cur.stat.cpu),
      cpu_cores: cores,
      memory: usedMemory(parseMeminfo(meminfo)),
      disk,
      disk_percent: total > 0 ? round2((100 * (total - free)) / total) : 0,
      disk_percent_part: diskPart,
      disk_busy: busy,
      page_faults: delta(cur.pgfault, prev.pgfault),
      process_num: procs.length,
      thread_num: sumOf('thread_num'),
      socket_read: sum(readPart),
      socket_read_part: readPart,
      socket_write: sum(writePart),
      socket_write_part: writePart,
      file_read: sumOf('file_read'),
      file_write: sumOf('file_write'),
      file_num: sumOf('file_num'),
      socket_num: socketNum,
    };
  }
}

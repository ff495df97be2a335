import { toColumns } from '../src/shared/batch-columns';
import type { Batch } from '../src/shared/ingest';

/** A deterministic server sample of a minute. */
export function serverSample(i: number, minute: number) {
  const x = (minute / 60 + i) % 100;
  return {
    cpu: x,
    cpu_cores: { '0': x, '1': 100 - x, '2': x / 2, '3': x / 3 },
    memory: 4e9 + x * 1e6,
    disk: { '/': 50_000 - x, '/var': 20_000 + x },
    disk_percent: 40 + x / 10,
    disk_percent_part: { '/': 50, '/var': 30 },
    disk_busy: { sda: x / 4 },
    page_faults: x * 10,
    process_num: 200,
    thread_num: 900,
    socket_read: x * 1000,
    socket_read_part: { eth0: x * 1000 },
    socket_write: x * 2000,
    socket_write_part: { eth0: x * 2000 },
  };
}

/** 200 (or n) processes of a server in a minute, every numeric field set. */
export function processes(n: number, minute: number) {
  const out = [];
  for (let p = 0; p < n; p++) {
    const v = (p * 7 + minute / 60) % 97;
    out.push({
      pid: 1000 + p,
      create_time: 1_690_000_000 + p,
      name: `proc-${p % 40}`,
      args: `--worker ${p}`,
      cpu: v / 10,
      memory: 1e6 * v,
      page_faults: v,
      thread_num: 4,
      socket_read: v * 10,
      socket_write: v * 20,
      socket_num: 3,
      file_read: v * 100,
      file_write: v * 50,
      file_num: 12,
      registry_num: 0,
      critical_log: 0,
      total_log: 1,
      avg_response_time: 1200,
      response_num: 5,
      flags: 0,
    });
  }
  return out;
}

export function batch(guid: string, i: number, minute: number, nProc: number): Batch {
  return {
    batch_id: `${guid}-${minute}`,
    guid,
    minute,
    server: serverSample(i, minute),
    processes: processes(nProc, minute),
    process_details: [],
    connections: [],
    logs: [],
    polled: [],
    statsd: [],
    transactions: [],
  };
}

/**
 * The body our collector uploads for a batch (src/server/collector/uploader.ts; uncompressed here): the
 * processes as columns. BENCH_BATCH_FORM=records sends them as the list of records instead.
 */
export function uploadBody(b: Batch): Buffer {
  if (process.env.BENCH_BATCH_FORM === 'records') return Buffer.from(JSON.stringify(b));
  return Buffer.from(JSON.stringify({ ...b, processes: toColumns(b.processes) }));
}

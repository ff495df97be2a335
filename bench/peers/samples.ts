import type { Batch } from '../../src/shared/ingest';

/** One value of one series: metric name, labels sorted by name (without __name__), value. */
export interface Sample {
  name: string;
  labels: [string, string][];
  value: number;
}

/** Label for the keys of each object-valued server field ({"0": 12.5} in cpu_cores becomes core="0"). */
const KEY_LABEL: Record<string, string> = {
  cpu_cores: 'core',
  disk: 'mount',
  disk_percent_part: 'mount',
  disk_busy: 'disk',
  socket_read_part: 'interface',
  socket_write_part: 'interface',
};

/** Fields that identify a process rather than measure it: pid becomes a label, create_time is left out. */
const PROCESS_IDENTITY = new Set(['pid', 'create_time']);

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Every numeric field of a batch's server record and of its process records as samples: the series a
 * time-series database would hold for the same upload (server="<guid>", per process also process and pid).
 */
export function batchSamples(b: Batch): Sample[] {
  const server: [string, string] = ['server', b.guid];
  const out: Sample[] = [];
  for (const [field, v] of Object.entries(b.server)) {
    if (typeof v === 'number') out.push({ name: `fleet_server_${field}`, labels: [server], value: v });
    else if (v && typeof v === 'object') {
      for (const [key, x] of Object.entries(v)) {
        const labels: [string, string][] = [[KEY_LABEL[field] ?? 'key', key], server];
        out.push({ name: `fleet_server_${field}`, labels: labels.sort(byName), value: x });
      }
    }
  }
  for (const p of b.processes) {
    const labels: [string, string][] = [['pid', String(p.pid)], ['process', p.name], server];
    for (const [field, v] of Object.entries(p)) {
      if (typeof v === 'number' && !PROCESS_IDENTITY.has(field)) out.push({ name: `fleet_process_${field}`, labels, value: v });
    }
  }
  return out;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** Prometheus text exposition lines with a timestamp (milliseconds), as /api/v1/import/prometheus takes them. */
export function exposition(samples: Sample[], ms: number): string {
  let s = '';
  for (const x of samples) {
    s += `${x.name}{${x.labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}} ${x.value} ${ms}\n`;
  }
  return s;
}

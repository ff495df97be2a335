import type { Batch, ProcessSample, ServerSample } from '../../shared/ingest';
import type { AlertRule } from '../store/repos/alert-engine';
import { compilePattern } from './pattern';

/** Mean and standard deviation of a metric over the alert's window (out-of-band thresholds). */
export interface Band {
  n: number;
  mean: number;
  sd: number;
}

// Below this many samples in the window, an out-of-band alert has no band yet and stays quiet.
export const MIN_BAND_SAMPLES = 30;

/** Is the value past the threshold (static) or outside the band (out of band), in the alert's direction? */
export function breaches(rule: Pick<AlertRule, 'direction' | 'threshold' | 'threshold_type' | 'band_value'>, value: number, band?: Band): boolean {
  const dir = rule.direction.toLowerCase();
  if (rule.threshold_type === 'out of band') {
    if (!band || band.n < MIN_BAND_SAMPLES) return false;
    const low = band.mean - rule.band_value * band.sd;
    const high = band.mean + rule.band_value * band.sd;
    if (dir === 'below') return value < low;
    if (dir === 'above') return value > high;
    return value < low || value > high;
  }
  if (rule.threshold === null) return false;
  if (dir === 'below') return value < rule.threshold;
  return value > rule.threshold;
}

const maxOf = (m: Record<string, number> | undefined) => (m && Object.keys(m).length ? Math.max(...Object.values(m)) : null);

/** Is part_name a partition's name (not empty, not MAX)? */
const namedPart = (name: string) => !!name && name.toUpperCase() !== 'MAX';

/** Picks a named partition's value (null when the record lacks it), or the largest for MAX or no name. */
function part(m: Record<string, number> | undefined, name: string): number | null {
  if (namedPart(name)) return m?.[name] ?? null;
  return maxOf(m);
}

/**
 * The value a server trigger watches in one minute. Memory is a percentage of capacity (the default
 * alert is "memory over 90%"); Disk and Disk Busy are percentages of part_name or of the fullest part.
 */
export function serverMetric(trigger: string, s: ServerSample, capacityMem: number, partName: string): number | null {
  switch (trigger) {
    case 'CPU':
      return s.cpu;
    case 'Memory':
      return capacityMem > 0 ? (s.memory / capacityMem) * 100 : null;
    case 'Average Response Time':
      return s.avg_response_time ?? null;
    case 'Disk':
      // A named partition missing from the record says nothing about it: no value rather than the
      // server-wide figure, which would fire the alert on another disk's fill.
      if (namedPart(partName)) return part(s.disk_percent_part, partName);
      return part(s.disk_percent_part, partName) ?? s.disk_percent ?? null;
    case 'Disk Busy':
      return part(s.disk_busy, partName);
    case 'Threads':
      return s.thread_num ?? null;
    case 'Page Faults':
      return s.page_faults ?? null;
    case 'Processes':
      return s.process_num ?? null;
    default:
      return null;
  }
}

const PROCESS_FIELDS: Record<string, keyof ProcessSample> = {
  CPU: 'cpu',
  Memory: 'memory',
  'Average Response Time': 'avg_response_time',
  'File Read': 'file_read',
  'File Write': 'file_write',
  'Inbound Network Traffic': 'socket_read',
  'Outbound Network Traffic': 'socket_write',
  'Network Connections': 'socket_num',
  Threads: 'thread_num',
  Files: 'file_num',
  Registries: 'registry_num',
  'Page Faults': 'page_faults',
  'Incident Reports': 'total_log',
  'Critical Incident Reports': 'critical_log',
};

/** A process metric summed over the given processes (one for a Process alert, many for an Application). */
export function processMetric(trigger: string, procs: ProcessSample[]): number | null {
  if (trigger === 'Processes') return procs.length;
  const field = PROCESS_FIELDS[trigger];
  if (!field) return null;
  const values = procs.map((p) => p[field]).filter((v): v is number => typeof v === 'number');
  if (!values.length) return null;
  if (trigger === 'Average Response Time') return values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + b, 0);
}

/**
 * Content triggers of processes evaluated on the batch: files, ports, incident report text. The
 * processes must be in the batch. A log's messages are the process's incident reports when the log's
 * file (`fileLogs`: log id to path, FILE logs of the server) is among the process's open files.
 */
export function processContent(rule: AlertRule, batch: Batch, pids: Set<number>, fileLogs: ReadonlyMap<number, string> = new Map()): boolean {
  if (!pids.size) return false;
  switch (rule.trigger_type) {
    case 'File Accessed': {
      const re = compilePattern(rule.reg_exp);
      return !!re && batch.process_details.some((d) => pids.has(d.pid) && (d.files ?? []).some((f) => re.test(f)));
    }
    case 'Port Accessed': {
      const ports = new Set(rule.ip_details.split(',').map((p) => Number(p.trim())).filter(Number.isInteger));
      return batch.connections.some((c) => pids.has(c.pid) && (ports.has(c.local_port) || ports.has(c.peer_port)));
    }
    case 'Incident Report Content': {
      const re = compilePattern(rule.reg_exp);
      if (!re) return false;
      const open = new Set(batch.process_details.filter((d) => pids.has(d.pid)).flatMap((d) => d.files ?? []));
      return batch.logs.some((l) => {
        const path = fileLogs.get(l.log_id);
        return path !== undefined && open.has(path) && l.messages.some((m) => re.test(m.data));
      });
    }
    case 'Registry Accessed':
      return false; // registries exist on Windows only; our collectors (Linux) report no registry access
    default:
      return false;
  }
}

export const PROCESS_CONTENT_TRIGGERS = new Set(['File Accessed', 'Port Accessed', 'Incident Report Content', 'Registry Accessed']);

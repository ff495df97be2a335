/**
 * The native model's series under Prometheus names (issue 20), so a Grafana user charts servers,
 * processes and applications without our dashboard. One row per metric: the field of the stored
 * record it reads and, for per-part fields (objects such as `disk_busy`), the label naming the part.
 * docs/promql.md lists them; units are those of the spec's data records.
 */
export type NativeScope = 'server' | 'process' | 'application';

export interface NativeMetric {
  name: string;
  scope: NativeScope;
  field: string;
  /** For object fields: the label that carries each key. */
  part?: string;
  help: string;
}

const m = (scope: NativeScope, name: string, field: string, help: string, part?: string): NativeMetric => ({
  name: `fleetwatch_${scope}_${name}`,
  scope,
  field,
  help,
  ...(part ? { part } : {}),
});

export const NATIVE_METRICS: readonly NativeMetric[] = [
  m('server', 'cpu_percent', 'cpu', 'CPU use, percent of all cores'),
  m('server', 'cpu_core_percent', 'cpu_cores', 'CPU use of one core, percent', 'core'),
  m('server', 'memory_bytes', 'memory', 'memory in use, bytes'),
  m('server', 'disk_used_percent', 'disk_percent', 'disk use over all mount points, percent'),
  m('server', 'disk_mount_used_percent', 'disk_percent_part', 'disk use of a mount point, percent', 'mount'),
  m('server', 'disk_mount_free_megabytes', 'disk', 'free space of a mount point, MB', 'mount'),
  m('server', 'disk_busy_percent', 'disk_busy', 'busy time of a physical disk, percent', 'disk'),
  m('server', 'page_faults', 'page_faults', 'page faults in the minute'),
  m('server', 'processes', 'process_num', 'processes running'),
  m('server', 'threads', 'thread_num', 'threads running'),
  m('server', 'network_read', 'socket_read', 'inbound network traffic in the minute'),
  m('server', 'network_write', 'socket_write', 'outbound network traffic in the minute'),
  m('server', 'interface_read', 'socket_read_part', 'inbound traffic of an interface in the minute', 'interface'),
  m('server', 'interface_write', 'socket_write_part', 'outbound traffic of an interface in the minute', 'interface'),
  m('server', 'file_read', 'file_read', 'file reads in the minute'),
  m('server', 'file_write', 'file_write', 'file writes in the minute'),
  m('server', 'open_files', 'file_num', 'open files'),
  m('server', 'sockets', 'socket_num', 'open sockets'),
  m('server', 'responses', 'response_num', 'responses served in the minute'),
  m('server', 'avg_response_time', 'avg_response_time', 'average response time'),
  m('process', 'cpu_percent', 'cpu', 'CPU use of the process, percent'),
  m('process', 'memory_bytes', 'memory', 'memory of the process, bytes'),
  m('process', 'threads', 'thread_num', 'threads of the process'),
  m('process', 'page_faults', 'page_faults', 'page faults of the process in the minute'),
  m('process', 'network_read', 'socket_read', 'inbound network traffic of the process in the minute'),
  m('process', 'network_write', 'socket_write', 'outbound network traffic of the process in the minute'),
  m('process', 'sockets', 'socket_num', 'open sockets of the process'),
  m('process', 'file_read', 'file_read', 'file reads of the process in the minute'),
  m('process', 'file_write', 'file_write', 'file writes of the process in the minute'),
  m('process', 'open_files', 'file_num', 'open files of the process'),
  m('process', 'responses', 'response_num', 'responses served by the process in the minute'),
  m('process', 'avg_response_time', 'avg_response_time', 'average response time of the process'),
  m('application', 'cpu_percent', 'cpu', 'CPU use of the application (sum over its processes), percent'),
  m('application', 'memory_bytes', 'memory', 'memory of the application (sum over its processes), bytes'),
  m('application', 'processes', 'process_num', 'processes of the application'),
  m('application', 'cpu_cores', 'cpu_core_count', 'cores of the servers its processes ran on'),
  m('application', 'threads', 'thread_num', 'threads of the application'),
  m('application', 'network_read', 'socket_read', 'inbound network traffic of the application in the minute'),
  m('application', 'network_write', 'socket_write', 'outbound network traffic of the application in the minute'),
  m('application', 'transactions', 'net_transact_num', 'transactions (responses) of the application in the minute'),
];

/** One reading of a record: the labels its part adds (none for a plain field) and the value. */
export interface Reading {
  part: Record<string, string>;
  v: number;
}

/** What `metric` reads from one stored record (a minute's server sample, process sample or application row). */
export function readingsOf(metric: NativeMetric, record: Readonly<Record<string, unknown>>): Reading[] {
  const value = record[metric.field];
  if (metric.part === undefined) return typeof value === 'number' && Number.isFinite(value) ? [{ part: {}, v: value }] : [];
  if (!value || typeof value !== 'object') return [];
  const out: Reading[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'number' && Number.isFinite(v)) out.push({ part: { [metric.part]: key }, v });
  }
  return out;
}

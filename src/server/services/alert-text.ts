import type { TargetFacts } from '../store/repos/alerts';

/** The generated description of an alert's target, e.g. "web-1 (Linux)" or "nginx on web-1". */
export function targetText(f: TargetFacts): string {
  switch (f.kind) {
    case 'server':
      return `${f.nickname || f.hostname} (${f.os})`;
    case 'process':
      return `${f.name} on ${f.hostname}`;
    case 'server tag':
      return `tag ${f.name} (${f.servers} ${f.servers === 1 ? 'server' : 'servers'})`;
    case 'log':
      return `${f.sourceType} log ${f.source} on ${f.hostname}`;
    case 'polled data':
      return `${f.name} on ${f.hostname}`;
    case 'application':
      return `application ${f.name}`;
  }
}

/** What the trigger text needs of an alert. */
export interface TriggerFields {
  type: string;
  trigger_type: string;
  direction: string;
  threshold: number | null;
  threshold_type: string;
  band_value: number;
  window_length: number;
  window_units: string;
  part_name: string;
  ip_details: string;
  reg_exp: string;
  num_of_servers: number;
}

// Units of the threshold per trigger, matching the values the alert engine compares (per-minute
// collector figures; server Memory is a percentage of capacity, process Memory is bytes).
const UNITS: Record<string, string> = {
  CPU: '%',
  'Average Response Time': ' µs',
  Disk: '%',
  'Disk Busy': '%',
  'File Read': ' bytes',
  'File Write': ' bytes',
  'Inbound Network Traffic': ' bytes',
  'Outbound Network Traffic': ' bytes',
};
const unit = (type: string, trigger: string) =>
  trigger === 'Memory' ? (type === 'Server' || type === 'Server Tag' ? '%' : ' bytes') : (UNITS[trigger] ?? '');

/** Triggers that fire on an event rather than on a threshold. */
const EVENT_TRIGGERS = new Set(['Server Down', 'Process Termination']);
const CONTENT_TRIGGERS = new Set(['Log Content', 'Incident Report Content', 'File Accessed', 'Registry Accessed']);
const NAGIOS_STATES = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'];

/**
 * The human-readable trigger, e.g. "CPU above 75%", "Server Down", "Disk C: above 90%",
 * "Log Content matches /panic/", "CPU above its 1h band (2.00 standard deviations)".
 */
export function triggerText(a: TriggerFields): string {
  const t = a.trigger_type;
  const spread = a.type === 'Server Tag' && a.num_of_servers > 1 ? ` on ${a.num_of_servers} servers` : '';
  if (EVENT_TRIGGERS.has(t)) return `${t}${spread}`;
  if (CONTENT_TRIGGERS.has(t)) return a.reg_exp ? `${t} matches /${a.reg_exp}/` : `${t} (any)`;
  if (t === 'Port Accessed') return a.ip_details ? `Port Accessed: ${a.ip_details}` : 'Port Accessed (any port)';
  if (t === 'Nagios') {
    if (a.threshold === null) return 'Nagios status not OK';
    const state = NAGIOS_STATES[a.threshold];
    return `Nagios status ${a.direction} ${state ?? a.threshold}`;
  }
  const subject = (t === 'Disk' || t === 'Disk Busy') && a.part_name !== 'MAX' ? `${t} ${a.part_name}` : t;
  if (a.threshold_type === 'out of band') {
    const band = `its ${a.window_length}${a.window_units} band (${a.band_value.toFixed(2)} standard deviations)`;
    const where = a.direction === 'outside bounds' ? 'outside' : a.direction;
    return `${subject} ${where} ${band}${spread}`;
  }
  if (a.threshold === null) return `${subject} ${a.direction} (no threshold set)${spread}`;
  return `${subject} ${a.direction} ${a.threshold}${unit(a.type, t)}${spread}`;
}

import type { ChangeItem } from '../../../../shared/changes';
import { formatValue, type Unit } from '../../../components/charts/units';

const LABELS: Record<string, string> = {
  cpu: 'CPU',
  cpu_cores: 'CPU of core',
  memory: 'Memory',
  disk: 'Free space',
  disk_percent: 'Fullest disk',
  disk_percent_part: 'Disk used',
  disk_busy: 'Disk busy',
  page_faults: 'Page faults',
  process_num: 'Processes',
  thread_num: 'Threads',
  socket_read: 'Network in',
  socket_read_part: 'Network in',
  socket_write: 'Network out',
  socket_write_part: 'Network out',
  socket_num: 'Sockets',
  file_read: 'File reads',
  file_write: 'File writes',
  file_num: 'Open files',
  registry_num: 'Registry accesses',
  response_num: 'Responses',
  avg_response_time: 'Response time',
};

const UNITS: Record<string, Unit> = {
  cpu: 'percent',
  cpu_cores: 'percent',
  memory: 'bytes',
  disk: 'mb',
  disk_percent: 'percent',
  disk_percent_part: 'percent',
  disk_busy: 'percent',
  socket_read: 'rate',
  socket_read_part: 'rate',
  socket_write: 'rate',
  socket_write_part: 'rate',
  file_read: 'rate',
  file_write: 'rate',
  avg_response_time: 'us',
};

/** A ranked series as the page shows it: what it is, its unit, and which way it moved. */
export interface ChangeRow {
  key: string;
  label: string;
  unit: Unit;
  direction: 'up' | 'down' | 'steady';
  /** The change from the baseline median in the series' unit, signed: "+35.0%", "−1.2 MB". */
  change: string;
  /** A process's part of the server's change: "68% of the server's +51.1%"; empty for server series. */
  explains: string;
  baseline: string;
  item: ChangeItem;
}

/** A signed change; percent fields move in points ("+51 points"), not in percent of themselves. */
function signed(unit: Unit, v: number): string {
  const a = Math.abs(v);
  const size = unit === 'percent' ? `${a < 10 ? a.toFixed(1) : Math.round(a)} points` : formatValue(unit, a);
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${size}`;
}

/** The rows of the "what changed" table: `disk_busy.sda` reads "Disk busy sda", a process field "postgres: Memory". */
export function changeRows(items: readonly ChangeItem[]): ChangeRow[] {
  return items.map((item) => {
    const dot = item.field.indexOf('.');
    const base = dot < 0 ? item.field : item.field.slice(0, dot);
    const part = dot < 0 ? '' : ` ${item.field.slice(dot + 1)}`;
    const what = `${LABELS[base] ?? base}${part}`;
    const unit = UNITS[base] ?? 'count';
    const explains =
      item.share === undefined || item.server_change === undefined || item.server_change === 0
        ? ''
        : `${Math.round(item.share * 100)}% of the server's ${signed(unit, item.server_change)}`;
    return {
      key: `${item.kind}:${item.uid ?? ''}:${item.field}`,
      label: item.kind === 'process' ? `${item.name ?? item.uid} (${item.uid?.split('_')[1] ?? ''}): ${what}` : what,
      unit,
      direction: item.change > 0 ? 'up' : item.change < 0 ? 'down' : 'steady',
      change: signed(unit, item.change),
      explains,
      baseline: item.baseline === 'week' ? `same minute, ${item.baseline_size} earlier days` : `previous hour, ${item.baseline_size} minutes`,
      item,
    };
  });
}

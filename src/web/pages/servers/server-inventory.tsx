import type { Server } from '../../../shared/servers';
import { Panel } from '../../components/ui/status';
import { formatBytes, formatTime } from '../../lib/format';

/** Capacity and inventory of a server, as its collector registered them. */
export function ServerInventory({ server }: { server: Server }) {
  const disks = Object.entries(server.capacity_disks);
  const rows: [string, string][] = [
    ['OS', `${server.os} ${server.os_detail}`.trim()],
    ['Architecture', server.arch || '–'],
    ['CPU', `${server.capacity_cpu_num} cores × ${server.capacity_cpu_freq} MHz`],
    ['Memory', formatBytes(server.capacity_mem)],
    ['Collector version', String(server.current_version)],
    ['Uploads from', server.location_ip || '–'],
    ['Registered', `${formatTime(server.created)} UTC`],
    ['GUID', server.guid],
  ];
  return (
    <Panel title="Capacity and inventory">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
        <dt className="text-slate-600 dark:text-slate-400">Disks</dt>
        <dd>{disks.length ? disks.map(([d, mb]) => `${d} ${formatBytes(mb * 1024 * 1024)}`).join(', ') : '–'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Interfaces</dt>
        <dd>
          {server.network_interfaces.length
            ? server.network_interfaces.map((n) => `${n.friendly_name || n.name} (${n.ip.join(', ') || 'no address'})`).join('; ')
            : '–'}
        </dd>
      </dl>
    </Panel>
  );
}

import { memo } from 'react';
import { Link } from 'react-router';
import type { Server } from '../../../shared/servers';
import { paths } from '../../app/paths';
import { formatBytes, formatPercent } from '../../lib/format';
import { FLEET_COLUMNS, WIDE_ONLY } from './fleet-header';
import { worstMetric, type FleetMetrics } from './fleet-sort';

const SHORT = { CPU: 'CPU', Memory: 'Mem', Disk: 'Disk' } as const;

/** A gauge of 0-100% with its value as text (and a short name of the figure when several share a column). */
function Meter({ value, label, short }: { value: number | null; label: string; short?: string }) {
  const pct = value === null ? 0 : Math.min(100, Math.max(0, value));
  const color = pct >= 90 ? 'bg-red-600' : pct >= 75 ? 'bg-amber-500' : 'bg-teal-600';
  return (
    <div className="flex items-center gap-2" aria-label={`${label} ${value === null ? 'unknown' : formatPercent(value)}`}>
      {short && <span className="text-xs text-slate-600 dark:text-slate-400">{short}</span>}
      <div className="h-1.5 w-8 shrink-0 overflow-hidden md:w-12 rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
        <div className={`h-full ${color}`} style={{ width: `${pct}%` }} />
      </div>
      <span className="text-xs tabular-nums">{formatPercent(value)}</span>
    </div>
  );
}

/** One server of the overview with its latest figures (all servers' come from one request). */
export const FleetRow = memo(function FleetRow({ server, metrics, incidents, search }: { server: Server; metrics: FleetMetrics; incidents: number; search: string }) {
  const { cpu, memBytes, mem, disk } = metrics;
  const worst = worstMetric(metrics);
  return (
    <div role="presentation" className={`${FLEET_COLUMNS} h-full border-b border-slate-100 text-sm hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50`}>
      <span role="cell" className="truncate">
        <Link to={{ pathname: paths.server(server.id), search }} className="font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">
          {server.nickname || server.hostname}
        </Link>
        {server.nickname && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{server.hostname}</span>}
        {incidents > 0 && <span className="ml-2 rounded bg-red-100 px-1 text-xs font-medium text-red-800 md:hidden dark:bg-red-900 dark:text-red-100">{incidents} incident{incidents > 1 ? 's' : ''}</span>}
      </span>
      <span role="cell" className="text-xs">
        <span className={`mr-1 inline-block h-2 w-2 rounded-full ${server.running ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden />
        {server.running ? 'Running' : 'Stopped'}
      </span>
      <span role="cell" className={`text-xs ${WIDE_ONLY}`}>{server.os}</span>
      <span role="cell" className={WIDE_ONLY}><Meter value={cpu} label="CPU" /></span>
      <span role="cell" className={WIDE_ONLY} title={memBytes !== null ? `${formatBytes(memBytes)} of ${formatBytes(server.capacity_mem)}` : undefined}>
        <Meter value={mem} label="Memory" />
      </span>
      <span role="cell" className={WIDE_ONLY}><Meter value={disk} label="Disk" /></span>
      <span role="cell" className={`text-xs ${WIDE_ONLY}`}>
        {incidents > 0 ? <span className="rounded bg-red-100 px-1.5 py-0.5 font-medium text-red-800 dark:bg-red-900 dark:text-red-100">{incidents} active</span> : '–'}
      </span>
      <span role="cell" className="md:hidden">
        {worst ? <Meter value={worst.value} label={`Fullest figure, ${worst.label}`} short={SHORT[worst.label]} /> : <span className="text-xs">–</span>}
      </span>
    </div>
  );
});

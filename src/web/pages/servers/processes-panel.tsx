import { useState } from 'react';
import { Link } from 'react-router';
import { useServerProcesses } from '../../api/processes';
import { paths } from '../../app/paths';
import { inputClass } from '../../components/ui/field';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { Button } from '../../components/ui/button';
import { formatTime } from '../../lib/format';

/** The processes of a server now, or during the minute `at` (picked on a chart). */
export function ProcessesPanel({ serverId, at, onClearMinute, search }: { serverId: number; at: number | null; onClearMinute: () => void; search: string }) {
  const { data, error, isPending } = useServerProcesses(serverId, at);
  const [q, setQ] = useState('');
  const shown = (data ?? []).filter((p) => !q || p.name.toLowerCase().includes(q.toLowerCase()) || (p.args ?? '').toLowerCase().includes(q.toLowerCase()));
  return (
    <Panel
      title={at === null ? 'Processes running now' : `Processes at ${formatTime(at)} UTC`}
      actions={at !== null && <Button variant="ghost" onClick={onClearMinute}>Show now</Button>}
    >
      <label className="mb-2 block text-xs">
        Filter processes
        <input className={`${inputClass} max-w-xs`} value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {isPending && <Loading what="processes" />}
      {error && <ErrorBox error={error} />}
      {data && (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1">Name</th>
                <th scope="col">PID</th>
                <th scope="col">Started</th>
                <th scope="col">Arguments</th>
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, 500).map((p) => (
                <tr key={p.uid} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">
                    <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.process(p.uid), search: at === null ? search : `${search}&at=${at}` }}>
                      {p.name}
                    </Link>
                  </td>
                  <td className="tabular-nums">{p.pid}</td>
                  <td className="text-xs">{/^\d+$/.test(p.create_time) ? formatTime(Number(p.create_time)) : p.create_time}</td>
                  <td className="max-w-md truncate font-mono text-xs" title={p.args ?? ''}>{p.args ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No processes{at !== null ? ' in that minute' : ''}.</p>}
          {shown.length > 500 && <p className="p-2 text-xs">Showing 500 of {shown.length}; filter to narrow.</p>}
        </div>
      )}
    </Panel>
  );
}

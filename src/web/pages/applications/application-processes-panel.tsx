import { useState } from 'react';
import { Link } from 'react-router';
import { useApplicationProcesses } from '../../api/applications';
import { paths } from '../../app/paths';
import { inputClass } from '../../components/ui/field';
import { ServerNames } from '../../components/ui/server-names';
import { Button } from '../../components/ui/button';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';

const link = 'text-teal-800 underline dark:text-teal-300';

/**
 * The application's processes now, or during the minute `at` picked on a chart. `search` is the page's
 * range; `processSearch` adds the minute so a process opens at it.
 */
export function ApplicationProcessesPanel({ id, at, onClearMinute, search, processSearch }: { id: number; at: number | null; onClearMinute: () => void; search: string; processSearch: string }) {
  const { data, error, isPending } = useApplicationProcesses(id, at);
  const [q, setQ] = useState('');
  const needle = q.toLowerCase();
  const shown = (data ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle) || (p.args ?? '').toLowerCase().includes(needle));
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
            <caption className="sr-only">Processes of the application</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                {['Name', 'Server', 'PID', 'Started', 'Arguments'].map((h) => <th key={h} scope="col" className="py-1">{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, 500).map((p) => (
                <tr key={p.uid} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">
                    <Link className={link} to={{ pathname: paths.process(p.uid), search: processSearch }}>{p.name}</Link>
                  </td>
                  <td>
                    <Link className={link} to={{ pathname: paths.server(p.server_id), search }}><ServerNames ids={[p.server_id]} /></Link>
                  </td>
                  <td className="tabular-nums">{p.pid}</td>
                  <td className="text-xs">{/^\d+$/.test(p.create_time) ? formatTime(Number(p.create_time)) : p.create_time}</td>
                  <td className="max-w-md truncate font-mono text-xs" title={p.args ?? ''}>{p.args ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No processes{at !== null ? ' in that minute' : ' running now'}.</p>}
          {shown.length > 500 && <p className="p-2 text-xs">Showing 500 of {shown.length}; filter to narrow.</p>}
        </div>
      )}
    </Panel>
  );
}

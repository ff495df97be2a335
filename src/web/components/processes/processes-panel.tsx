import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProcessItem } from '../../../shared/telemetry';
import { paths } from '../../app/paths';
import { formatTime } from '../../lib/format';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';
import { ServerNames } from '../ui/server-names';
import { ErrorBox, Loading, Panel } from '../ui/status';

// Rows drawn at most; the filter narrows the rest.
const SHOWN = 500;
const link = 'text-teal-800 underline dark:text-teal-300';

/**
 * Processes running now, or during the minute `at` picked on a chart, with a filter by name or
 * arguments. `search` keeps the page's range in links; a process opens at the minute when one is picked.
 * `withServer` adds a server column (an application's processes span servers).
 */
export function ProcessesPanel({
  query,
  at,
  onClearMinute,
  search,
  withServer = false,
  caption,
}: {
  query: Pick<UseQueryResult<ProcessItem[]>, 'data' | 'error' | 'isPending'>;
  at: number | null;
  onClearMinute: () => void;
  search: string;
  withServer?: boolean;
  caption: string;
}) {
  const { data, error, isPending } = query;
  const [q, setQ] = useState('');
  const needle = q.toLowerCase();
  const shown = (data ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle) || (p.args ?? '').toLowerCase().includes(needle));
  const processSearch = at === null ? search : `${search}&at=${at}`;
  const headers = withServer ? ['Name', 'Server', 'PID', 'Started', 'Arguments'] : ['Name', 'PID', 'Started', 'Arguments'];
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
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                {headers.map((h) => (
                  <th key={h} scope="col" className="py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, SHOWN).map((p) => (
                <tr key={p.uid} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">
                    <Link className={link} to={{ pathname: paths.process(p.uid), search: processSearch }}>
                      {p.name}
                    </Link>
                  </td>
                  {withServer && (
                    <td>
                      <Link className={link} to={{ pathname: paths.server(p.server_id), search }}>
                        <ServerNames ids={[p.server_id]} />
                      </Link>
                    </td>
                  )}
                  <td className="tabular-nums">{p.pid}</td>
                  <td className="text-xs">{/^\d+$/.test(p.create_time) ? formatTime(Number(p.create_time)) : p.create_time}</td>
                  <td className="max-w-md truncate font-mono text-xs" title={p.args ?? ''}>
                    {p.args ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No processes{at !== null ? ' in that minute' : ' running now'}.</p>}
          {shown.length > SHOWN && <p className="p-2 text-xs">Showing {SHOWN} of {shown.length}; filter to narrow.</p>}
        </div>
      )}
    </Panel>
  );
}

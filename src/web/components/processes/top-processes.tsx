import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SummaryRecord } from '../../api/processes';
import { paths } from '../../app/paths';
import { formatBytes, formatNumber, formatPercent, formatTime } from '../../lib/format';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';
import { ErrorBox, Loading, Panel } from '../ui/status';
import { DEFAULT_SORT, nextSort, TOP_N, topView, type TopKey, type TopRow, type TopSort } from './top-rows';

const link = 'text-teal-800 underline dark:text-teal-300';
const COLUMNS: { key: TopKey; label: string; show: (r: TopRow) => string }[] = [
  { key: 'cpu', label: 'CPU', show: (r) => formatPercent(r.cpu) },
  { key: 'memory', label: 'Memory', show: (r) => formatBytes(r.memory) },
  { key: 'io', label: 'File I/O', show: (r) => (r.io === null ? '–' : `${formatBytes(r.io / 60)}/s`) },
  { key: 'net', label: 'Network', show: (r) => (r.net === null ? '–' : `${formatBytes(r.net / 60)}/s`) },
  { key: 'threads', label: 'Threads', show: (r) => formatNumber(r.threads) },
];

/**
 * Processes of a minute like top: CPU, memory, file I/O, network and threads, sortable by any of them
 * (CPU descending first), the top 10 shown and the rest one click away. `at` null: the latest minute.
 * Links open the process at the minute (`search` carries the page's range).
 */
export function TopProcesses({ query, at, search, title }: { query: Pick<UseQueryResult<SummaryRecord[]>, 'data' | 'error' | 'isPending'>; at: number | null; search: string; title?: string }) {
  const [sort, setSort] = useState<TopSort>(DEFAULT_SORT);
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState('');
  const view = topView(query.data ?? [], { sort, filter, all });
  const processSearch = at === null ? search : `${search}&at=${at}`;
  const heading = title ?? (at === null ? 'Top processes (latest minute)' : `Top processes at ${formatTime(at)} UTC`);
  const header = (key: TopKey, label: string, numeric: boolean) => (
    <th key={key} scope="col" aria-sort={sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`py-1 pr-3 ${numeric ? 'text-right' : ''}`}>
      <button type="button" className="font-medium hover:underline" onClick={() => setSort(nextSort(sort, key))}>
        {label}
        <span aria-hidden>{sort.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
  return (
    <Panel title={heading}>
      <label className="mb-2 flex items-center gap-2 text-xs">
        Filter top processes
        <input className={`${inputClass} max-w-xs`} value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {query.isPending && <Loading what="process usage" />}
      {query.error && <ErrorBox error={query.error} />}
      {query.data && (
        <>
          <table className="w-full text-sm">
            <caption className="sr-only">{heading}, by {COLUMNS.find((c) => c.key === sort.key)?.label ?? 'name'}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                {header('name', 'Process', false)}
                <th scope="col" className="py-1 pr-3">PID</th>
                {COLUMNS.map((c) => header(c.key, c.label, true))}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((r) => (
                <tr key={r.uid} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="max-w-xs truncate py-1 pr-3" title={r.args}>
                    <Link className={link} to={{ pathname: paths.process(r.uid), search: processSearch }}>
                      {r.name}
                    </Link>
                  </td>
                  <td className="pr-3 tabular-nums">{r.pid}</td>
                  {COLUMNS.map((c) => (
                    <td key={c.key} className="pr-3 text-right tabular-nums">
                      {c.show(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {view.total === 0 && <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No process usage recorded{at === null ? '' : ' in that minute'}.</p>}
          {view.total > TOP_N && (
            <Button variant="ghost" className="mt-1" onClick={() => setAll(!all)}>
              {all ? `Show the top ${TOP_N}` : `Show all ${view.total}`}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
